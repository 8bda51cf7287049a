import { describe, expect, it } from "vitest";
import { chatLlmSettings, databaseConfig, EnvError, loadEnv } from "./env.server";

describe("loadEnv", () => {
  it("has safe local defaults", () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 3000, HOST: "127.0.0.1", DATA_DIR: ".data", NODE_ENV: "development", TRUST_PROXY: false });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(databaseConfig(env)).toEqual({ kind: "pglite", dataDir: ".data/db" });
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
    expect(attempt).toThrow(/TRUST_PROXY="maybe": must be true, false, 1 or 0/);
  });

  it("rejects a port out of range", () => {
    expect(() => loadEnv({ PORT: "70000" })).toThrow(/PORT="70000"/);
  });

  it("leaves the chat language model off unless CHAT_LLM_URL is set", () => {
    expect(chatLlmSettings(loadEnv({}))).toBeNull();
    expect(chatLlmSettings(loadEnv({ CHAT_LLM_URL: "http://127.0.0.1:8080/v1/chat/completions", CHAT_LLM_KEY: "k" }))).toEqual({
      url: "http://127.0.0.1:8080/v1/chat/completions",
      key: "k",
      model: "gpt-4o-mini",
    });
    expect(() => loadEnv({ CHAT_LLM_URL: "ftp://x" })).toThrow(/CHAT_LLM_URL="ftp:\/\/x": must be an http/);
  });
});
