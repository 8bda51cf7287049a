import { pingDatabase } from "~models/platform/db.server";

/** 200 with a JSON body once the database answers a query; 503 otherwise. */
export async function loader() {
  const headers = { "Cache-Control": "no-store" };
  try {
    await pingDatabase();
    return Response.json({ status: "ok", database: "up" }, { headers });
  } catch (error) {
    console.error("Health check failed:", error);
    return Response.json({ status: "unavailable", database: "down" }, { status: 503, headers });
  }
}
