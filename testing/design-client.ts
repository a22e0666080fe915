import { createHash } from "node:crypto";
import { existsSync, readFileSync, renameSync, rmSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const SPEC = fileURLToPath(new URL("../rest-adapter/openapi/contract/design-platform.yml", import.meta.url));
const GENERATOR_VERSION: string = JSON.parse(readFileSync(new URL("../node_modules/@hey-api/openapi-ts/package.json", import.meta.url), "utf8")).version;
const CACHE = fileURLToPath(new URL("../generated/design-client/", import.meta.url));

/**
 * The design platform's client as its public starter kit generates it from the current specification
 * (`@hey-api/openapi-ts` with the fetch client, the SDK as classes named `<Tag>Service`, enums as
 * JavaScript objects), with the SDK's own response validators (zod) switched on: every
 * call checks its answer against the specification, as a validating generated client does.
 * Generated once per specification, generator version and this file into `generated/` (Node strips types only outside node_modules).
 */
async function generatedClientFolder(): Promise<string> {
  const key = createHash("sha256").update(readFileSync(SPEC)).update(GENERATOR_VERSION).update(readFileSync(new URL(import.meta.url))).digest("hex").slice(0, 16);
  const folder = `${CACHE}${key}`;
  if (existsSync(`${folder}/sdk.gen.ts`)) return folder;
  const { createClient } = await import("@hey-api/openapi-ts");
  const building = `${folder}.${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  await createClient({
    input: SPEC,
    output: { path: building, importFileExtension: ".ts" },
    logs: { level: "silent" },
    plugins: [
      { name: "@hey-api/client-fetch" },
      { name: "@hey-api/sdk", operations: { strategy: "byTags", containerName: "{{name}}Service" }, validator: { request: false, response: "zod" } },
      { name: "@hey-api/typescript", enums: "javascript" },
      { name: "zod" },
    ],
  } as never);
  try {
    renameSync(building, folder);
  } catch (error) {
    // Another test process generated the same client first: use theirs.
    if (!existsSync(`${folder}/sdk.gen.ts`)) throw error;
    rmSync(building, { recursive: true, force: true });
  }
  return folder;
}

/** What the client authenticates with: the access token, or `client_id:client_secret` where the operation takes HTTP Basic. */
export type Credentials = (security: { scheme?: string; type: string }) => string;

/** The generated SDK (its `…Service` classes) and its client, configured by base URL and credentials only. */
export async function designPlatformClient(baseUrl: string, credentials: Credentials): Promise<{ sdk: any; client: any }> {
  const folder = await generatedClientFolder();
  const sdk = await import(pathToFileURL(`${folder}/sdk.gen.ts`).href);
  const { client } = await import(pathToFileURL(`${folder}/client.gen.ts`).href);
  client.setConfig({ baseUrl, auth: credentials, throwOnError: true });
  return { sdk, client };
}
