// npm run create-staff -- --email you@agency.com [--username you] [--password …]
// Creates a staff account, or makes an existing account (found by email) staff.
// Without --password a new account gets a random one, printed once.
import { parseArgs } from "node:util";
import { randomBytes } from "node:crypto";
import { createAccount, findAccountByEmail, setPassword, setRole } from "../models/identity/accounts.server";
import { SignupApiSchema } from "../models/identity/accounts";
import { setDatabase } from "../models/platform/db.server";
import { databaseConfig, loadEnv } from "../app/lib/env.server";
import { openDatabaseForScript } from "./open-database";

const { values } = parseArgs({
  options: { email: { type: "string" }, username: { type: "string" }, password: { type: "string" } },
});
if (!values.email) {
  console.error("Usage: npm run create-staff -- --email you@agency.com [--username you] [--password secret]");
  process.exit(2);
}

const handle = await openDatabaseForScript(databaseConfig(loadEnv(), "npm run create-staff"));
setDatabase(handle);
try {
  const existing = await findAccountByEmail(values.email);
  if (existing) {
    await setRole(existing.id, "staff");
    if (values.password) await setPassword(existing.id, values.password);
    console.log(`${existing.username} <${existing.email}> is now staff.`);
  } else {
    const password = values.password ?? randomBytes(12).toString("base64url");
    const input = SignupApiSchema.safeParse({
      username: values.username ?? values.email.split("@")[0],
      email: values.email,
      password,
    });
    if (!input.success) {
      for (const issue of input.error.issues) console.error(`${String(issue.path[0])}: ${issue.message}`);
      process.exitCode = 1;
    } else {
      // The operator names the address on the server itself: it counts as confirmed (decision 0053).
      const created = await createAccount({ ...input.data, role: "staff", emailVerified: true });
      if (!created.ok) {
        console.error(`${created.field}: ${created.message}`);
        process.exitCode = 1;
      } else {
        console.log(`Created staff account ${created.user.username} <${created.user.email}>.`);
        if (!values.password) console.log(`Password (shown once): ${password}`);
      }
    }
  }
} finally {
  await handle.close();
}
