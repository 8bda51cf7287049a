// npm run dev: the same server as npm start (server.js), in development mode:
// Vite runs inside it, compiles the app from the source on request and
// hot-reloads the browser. Set here, before server.js (and with it React and
// the app) is imported, so it works the same on every shell.
process.env.NODE_ENV = "development";
await import("../server.js");
