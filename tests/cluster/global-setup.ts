import { spawnSync } from "node:child_process";
import { CREATE_E2E_STAFF } from "../e2e/staff-account";

// The cluster is running (scripts/cluster.sh set CLUSTER_URL), and the staff account the journeys sign in as, made on the cluster's database by
// the documented command, as the end-to-end suite does before its server boots.
export default function globalSetup() {
  if (!process.env.CLUSTER_URL) throw new Error("Run it through scripts/cluster.sh: npm run test:cluster");
  const result = spawnSync(process.execPath, CREATE_E2E_STAFF, { stdio: "inherit" });
  if (result.status !== 0) throw new Error("create-staff failed");
}
