import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import {
  chatLlmSettings,
  databaseConfig,
  EnvError,
  loadEnv,
  paymentSettings,
  uploadStorageSettings,
} from "./env.server";

describe("loadEnv", () => {
  it("has safe local defaults", () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: "127.0.0.1",
      DATA_DIR: ".data",
      NODE_ENV: "development",
      TRUST_PROXY: false,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(databaseConfig(env)).toEqual({ kind: "pglite", dataDir: ".data/db" });
  });

  it("runs the jobs every minute unless told otherwise", () => {
    expect(loadEnv({}).JOBS_INTERVAL_SECONDS).toBe(60);
    expect(loadEnv({ JOBS_INTERVAL_SECONDS: "2" }).JOBS_INTERVAL_SECONDS).toBe(2);
    expect(() => loadEnv({ JOBS_INTERVAL_SECONDS: "0" })).toThrow(
      /JOBS_INTERVAL_SECONDS="0": must be at least 1/,
    );
    expect(() => loadEnv({ JOBS_INTERVAL_SECONDS: "1.5" })).toThrow(/must be a whole number of seconds/);
  });

  it("treats empty values as unset", () => {
    expect(loadEnv({ PORT: "", DATABASE_URL: "" })).toMatchObject({ PORT: 3000, DATABASE_URL: undefined });
  });

  it("uses PostgreSQL when DATABASE_URL is set", () => {
    const env = loadEnv({ DATABASE_URL: "postgres://u:p@127.0.0.1:5432/app", PORT: "8080" });
    expect(env.PORT).toBe(8080);
    expect(databaseConfig(env)).toEqual({ kind: "postgres", url: "postgres://u:p@127.0.0.1:5432/app" });
  });

  it("names every bad variable and its value", () => {
    const attempt = () => loadEnv({ PORT: "eighty", DATABASE_URL: "mysql://x/y", TRUST_PROXY: "maybe" });
    expect(attempt).toThrow(EnvError);
    expect(attempt).toThrow(/PORT="eighty": must be a whole number from 1 to 65535/);
    expect(attempt).toThrow(/DATABASE_URL="mysql:\/\/x\/y": must be a postgres:\/\/ or postgresql:\/\/ URL/);
    expect(attempt).toThrow(
      /TRUST_PROXY="maybe": must be false, true \(one proxy\), a number of proxies, or a comma-separated list/,
    );
  });

  it("rejects a port out of range", () => {
    expect(() => loadEnv({ PORT: "70000" })).toThrow(/PORT="70000"/);
  });

  it("leaves the chat language model off unless CHAT_LLM_URL is set", () => {
    expect(chatLlmSettings(loadEnv({}))).toBeNull();
    expect(
      chatLlmSettings(
        loadEnv({ CHAT_LLM_URL: "http://127.0.0.1:8080/v1/chat/completions", CHAT_LLM_KEY: "k" }),
      ),
    ).toEqual({
      url: "http://127.0.0.1:8080/v1/chat/completions",
      key: "k",
      model: "gpt-4o-mini",
    });
    expect(() => loadEnv({ CHAT_LLM_URL: "ftp://x" })).toThrow(/CHAT_LLM_URL="ftp:\/\/x": must be an http/);
  });

  it("reads TRUST_PROXY as a hop count or a list of proxies; true is one hop", () => {
    const trust = (value?: string) => loadEnv({ TRUST_PROXY: value }).TRUST_PROXY;
    expect(trust()).toBe(false);
    expect(trust("false")).toBe(false);
    expect(trust("0")).toBe(false);
    expect(trust("true")).toBe(1);
    expect(trust("1")).toBe(1);
    expect(trust("2")).toBe(2);
    expect(trust("10.0.0.1, 10.1.0.0/16,loopback,::1,fd00::/8")).toEqual([
      "10.0.0.1",
      "10.1.0.0/16",
      "loopback",
      "::1",
      "fd00::/8",
    ]);
    for (const bad of ["yes", "-1", "10.0.0.0/33", "10.0.0.1,proxy.example", "1.2.3.4/8/9"]) {
      expect(() => loadEnv({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY=/);
    }
  });

  it("reads ALLOWED_HOSTS as host names with optional ports", () => {
    expect(loadEnv({}).ALLOWED_HOSTS).toEqual([]);
    expect(
      loadEnv({ ALLOWED_HOSTS: "Ascendra.Studio, www.ascendra.studio:8443,[::1]:3000" }).ALLOWED_HOSTS,
    ).toEqual(["ascendra.studio", "www.ascendra.studio:8443", "[::1]:3000"]);
    for (const bad of ["https://ascendra.studio", "ascendra.studio/x", "a b"]) {
      expect(() => loadEnv({ ALLOWED_HOSTS: bad })).toThrow(/ALLOWED_HOSTS=/);
    }
  });
});

// What Express makes of each TRUST_PROXY value: the address our rate limits count.
describe("TRUST_PROXY in Express", () => {
  async function clientAddressSeen(trustProxy: string | undefined, forwardedFor: string): Promise<string> {
    const app = express();
    app.set("trust proxy", loadEnv({ TRUST_PROXY: trustProxy }).TRUST_PROXY);
    app.get("/", (req, res) => void res.send(req.ip));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      return await (
        await fetch(`http://127.0.0.1:${port}/`, { headers: { "X-Forwarded-For": forwardedFor } })
      ).text();
    } finally {
      server.close();
    }
  }

  it("with true, takes the entry our one proxy added, not the left-most one the client wrote", async () => {
    expect(await clientAddressSeen("true", "203.0.113.66, 198.51.100.7")).toBe("198.51.100.7");
    // A single value (what the end-to-end tests send) is the client.
    expect(await clientAddressSeen("true", "198.51.100.8")).toBe("198.51.100.8");
  });

  it("with a hop count or the proxy's address, skips exactly those proxies", async () => {
    expect(await clientAddressSeen("2", "203.0.113.66, 198.51.100.7, 10.0.0.2")).toBe("198.51.100.7");
    expect(await clientAddressSeen("127.0.0.1/8", "203.0.113.66, 198.51.100.7")).toBe("198.51.100.7");
  });

  it("without a proxy, ignores X-Forwarded-For", async () => {
    expect(await clientAddressSeen(undefined, "203.0.113.66")).toBe("127.0.0.1");
  });
});

describe("paymentSettings", () => {
  it("uses the test gateway outside production, and in production only with PAYMENTS=test", () => {
    expect(paymentSettings(loadEnv({}))).toEqual({ mode: "test" });
    expect(paymentSettings(loadEnv({ NODE_ENV: "test" }))).toEqual({ mode: "test" });
    expect(paymentSettings(loadEnv({ NODE_ENV: "production" }))).toEqual({ mode: "none" });
    expect(paymentSettings(loadEnv({ NODE_ENV: "production", PAYMENTS: "test" }))).toEqual({ mode: "test" });
  });

  it("uses Stripe when its key is set, which needs the webhook secret too", () => {
    const env = loadEnv({
      NODE_ENV: "production",
      STRIPE_SECRET_KEY: "sk_test_abc123",
      STRIPE_WEBHOOK_SECRET: "whsec_xyz789",
    });
    expect(paymentSettings(env)).toEqual({
      mode: "stripe",
      secretKey: "sk_test_abc123",
      webhookSecret: "whsec_xyz789",
      apiUrl: undefined,
    });
    expect(() => loadEnv({ STRIPE_SECRET_KEY: "sk_test_abc123" })).toThrow(
      /STRIPE_WEBHOOK_SECRET="": must be set with STRIPE_SECRET_KEY/,
    );
    expect(() => loadEnv({ STRIPE_SECRET_KEY: "pk_test_abc" })).toThrow(/STRIPE_SECRET_KEY="pk_test_abc"/);
    expect(() => loadEnv({ PAYMENTS: "live" })).toThrow(/PAYMENTS="live": must be test/);
  });

  it("adds Razorpay with its three secrets: rupees beside Stripe, or every payment alone (decision 0080)", () => {
    const razorpay = {
      RAZORPAY_KEY_ID: "rzp_test_abc123",
      RAZORPAY_KEY_SECRET: "secret-abc123",
      RAZORPAY_WEBHOOK_SECRET: "webhook-abc123",
    };
    const expected = {
      keyId: "rzp_test_abc123",
      keySecret: "secret-abc123",
      webhookSecret: "webhook-abc123",
      apiUrl: undefined,
    };
    expect(paymentSettings(loadEnv({ NODE_ENV: "production", ...razorpay }))).toEqual({
      mode: "none",
      razorpay: expected,
    });
    const both = loadEnv({
      ...razorpay,
      STRIPE_SECRET_KEY: "sk_test_abc123",
      STRIPE_WEBHOOK_SECRET: "whsec_xyz789",
    });
    expect(paymentSettings(both)).toMatchObject({ mode: "stripe", razorpay: expected });
    expect(() => loadEnv({ RAZORPAY_KEY_ID: "rzp_test_abc123" })).toThrow(
      /RAZORPAY_KEY_SECRET="": must be set with RAZORPAY_KEY_ID/,
    );
    expect(() => loadEnv({ ...razorpay, RAZORPAY_WEBHOOK_SECRET: "" })).toThrow(
      /RAZORPAY_WEBHOOK_SECRET="": must be set with RAZORPAY_KEY_ID/,
    );
    expect(() => loadEnv({ ...razorpay, RAZORPAY_KEY_ID: "key_abc" })).toThrow(/RAZORPAY_KEY_ID="key_abc"/);
    expect(() => loadEnv({ ...razorpay, PAYMENTS: "test" })).toThrow(/PAYMENTS="test": must be unset/);
  });
});

describe("uploadStorageSettings", () => {
  it("keeps uploads in DATA_DIR/uploads unless UPLOADS_STORAGE says otherwise", () => {
    expect(loadEnv({}).UPLOADS_STORAGE).toBe("local");
    expect(uploadStorageSettings(loadEnv({}))).toEqual({ kind: "local" });
    expect(() => loadEnv({ UPLOADS_STORAGE: "nfs" })).toThrow(
      /UPLOADS_STORAGE="nfs": must be local \(DATA_DIR\/uploads, the default\), s3 or postgres/,
    );
  });

  it("reads the S3 settings: a bucket is required, keys come in pairs, path style follows the endpoint", () => {
    const env = loadEnv({
      UPLOADS_STORAGE: "s3",
      UPLOADS_S3_BUCKET: "ascendra-uploads",
      UPLOADS_S3_ENDPOINT: "http://127.0.0.1:9000",
      UPLOADS_S3_ACCESS_KEY_ID: "id",
      UPLOADS_S3_SECRET_ACCESS_KEY: "secret",
    });
    expect(uploadStorageSettings(env)).toEqual({
      kind: "s3",
      bucket: "ascendra-uploads",
      endpoint: "http://127.0.0.1:9000",
      region: "us-east-1",
      accessKeyId: "id",
      secretAccessKey: "secret",
      forcePathStyle: true,
      prefix: "uploads/",
    });
    // Amazon S3 itself: no endpoint, virtual-hosted style, the SDK's own credentials, no prefix.
    expect(
      uploadStorageSettings(
        loadEnv({
          UPLOADS_STORAGE: "s3",
          UPLOADS_S3_BUCKET: "b-1",
          UPLOADS_S3_PREFIX: "",
          UPLOADS_S3_REGION: "eu-west-1",
        }),
      ),
    ).toMatchObject({ forcePathStyle: false, prefix: "", region: "eu-west-1", accessKeyId: undefined });
    expect(() => loadEnv({ UPLOADS_STORAGE: "s3" })).toThrow(
      /UPLOADS_S3_BUCKET="": must be set with UPLOADS_STORAGE=s3/,
    );
    // The message names the missing half, never prints the secret.
    const halfKeys = () =>
      loadEnv({ UPLOADS_STORAGE: "s3", UPLOADS_S3_BUCKET: "b-1", UPLOADS_S3_SECRET_ACCESS_KEY: "hunter2" });
    expect(halfKeys).toThrow(/UPLOADS_S3_ACCESS_KEY_ID="": must be set with the other/);
    expect(halfKeys).not.toThrow(/hunter2/);
    expect(() => loadEnv({ UPLOADS_S3_BUCKET: "Not_A_Bucket" })).toThrow(/UPLOADS_S3_BUCKET="Not_A_Bucket"/);
    expect(() => loadEnv({ UPLOADS_S3_ENDPOINT: "minio:9000" })).toThrow(/UPLOADS_S3_ENDPOINT="minio:9000"/);
    expect(() => loadEnv({ UPLOADS_S3_PREFIX: "/abs" })).toThrow(
      /UPLOADS_S3_PREFIX="\/abs": must be empty or/,
    );
    expect(() => loadEnv({ UPLOADS_S3_FORCE_PATH_STYLE: "yes" })).toThrow(
      /UPLOADS_S3_FORCE_PATH_STYLE="yes": must be true or false/,
    );
  });

  it("keeps uploads in PostgreSQL only with DATABASE_URL", () => {
    expect(() => loadEnv({ UPLOADS_STORAGE: "postgres" })).toThrow(
      /UPLOADS_STORAGE="postgres": postgres needs DATABASE_URL/,
    );
    expect(
      uploadStorageSettings(
        loadEnv({ UPLOADS_STORAGE: "postgres", DATABASE_URL: "postgres://u:p@127.0.0.1/app" }),
      ),
    ).toEqual({ kind: "postgres" });
  });
});
