import { spawnSync } from "node:child_process";
import { E2E_STAFF } from "../e2e/staff-account";

// The cluster is running (scripts/cluster.sh set CLUSTER_URL), and the staff account the journeys sign in as, made on the cluster's database by
// the documented command, as the end-to-end suite does before its server boots.
export default function globalSetup() {
  if (!process.env.CLUSTER_URL) throw new Error("Run it through scripts/cluster.sh: npm run test:cluster");
  const result = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "scripts/create-staff.ts",
      "--email",
      E2E_STAFF.email,
      "--username",
      E2E_STAFF.username,
      "--password",
      E2E_STAFF.password,
    ],
    { stdio: "inherit" },
  );
  if (result.status !== 0) throw new Error("create-staff failed");
}
