// The baseline's server: the same stack as the app's (Express, compression,
// @react-router/express) in production mode, with nothing of ours around it.
//   BENCH_BASELINE_OUT=<build dir> PORT=… node scripts/bench-baseline/server.js
import path from "node:path";
import compression from "compression";
import express from "express";

process.env.NODE_ENV = "production";
const { createRequestHandler } = await import("@react-router/express");
const out = process.env.BENCH_BASELINE_OUT;
const build = await import(path.join(out, "server/index.js"));
const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use("/assets", express.static(path.join(out, "client/assets"), { immutable: true, maxAge: "1y" }));
app.use(createRequestHandler({ build, mode: "production" }));
app.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("ready"));
