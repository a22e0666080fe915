// @tier unit
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { DOMAINS } from "../../subgraphs/registry.js";
import { CONFIGURATION_FILE, configurationText, referenceProblems } from "../docs/configuration.js";
import { SETTINGS, type SettingDoc } from "../docs/settings-reference.js";
import { BEGIN, operationsBlock, readmeFile, readmeText } from "../docs/domain-readmes.js";
import fixture from "../../testing/fixture-domain/module.js";
import { specOperationsText, summaryOf } from "../docs/spec-operations.js";
import { SPEC_OPERATIONS_FILE } from "../../rest-adapter/openapi/spec-operations.js";

describe("docs generated from code (npm run docs)", () => {
  test("docs/configuration.md is what `npm run docs` writes (a stale file fails: run it)", () => {
    assert.equal(readFileSync(CONFIGURATION_FILE, "utf8"), configurationText(DOMAINS), "run `npm run docs`");
  });

  test("the specification's operation texts the API docs show are what `npm run docs` writes from contract/design-platform.yml", () => {
    assert.equal(readFileSync(SPEC_OPERATIONS_FILE, "utf8"), specOperationsText(), "run `npm run docs`");
    assert.equal(summaryOf("createUrlAssetUploadJob"), "Create URL asset upload job");
    assert.equal(summaryOf("getOidcJwks"), "Get OIDC JWKS");
  });

  test("the settings reference describes exactly the variables the product reads, with the defaults the code falls back to", () => {
    assert.deepEqual(referenceProblems(DOMAINS), []);
  });

  test("a variable read but not described, one described but never read, and a wrong default are each reported", () => {
    const withoutPort = SETTINGS.filter((row) => !row.names.includes("PORT"));
    assert.ok(referenceProblems(DOMAINS, withoutPort).includes("PORT is read but not described in scripts/docs/settings-reference.ts"));
    const withUnread = [...SETTINGS, { names: ["NEVER_READ_ANYWHERE"], default: "—", meaning: "nothing" }];
    assert.ok(referenceProblems(DOMAINS, withUnread).includes("NEVER_READ_ANYWHERE is described in scripts/docs/settings-reference.ts but nothing reads it"));
    const forumWith = (change: (row: SettingDoc) => SettingDoc) =>
      DOMAINS.map((domain) => (domain.name === "forum" ? { ...domain, settingDocs: domain.settingDocs?.map(change) } : domain));
    const wrongDefault = forumWith((row) => (row.names[0] === "FORUM_POSTS_PER_HOUR" ? { ...row, default: "`31`" } : row));
    assert.deepEqual(referenceProblems(wrongDefault), ["FORUM_POSTS_PER_HOUR: the reference shows the default 31, the code falls back to 30"]);
    assert.throws(
      () => configurationText(DOMAINS.map((domain) => (domain.name === "forum" ? { ...domain, settings: (settings) => settings.positiveInt("FORUM_NEW_LIMIT", 1) } : domain))),
      /FORUM_NEW_LIMIT is read but not described in subgraphs\/forum\/manifest\.ts \(settingDocs\)/,
    );
  });

  test("a domain's settings are described in its own folder: in the platform's reference they are reported", () => {
    const forum = DOMAINS.find((domain) => domain.name === "forum")!;
    const moved = DOMAINS.map((domain) => (domain === forum ? { ...domain, settingDocs: [] } : domain));
    assert.deepEqual(referenceProblems(moved, [...SETTINGS, ...forum.settingDocs!]).sort(), [
      "FORUM_POSTS_PER_HOUR is described in scripts/docs/settings-reference.ts: describe it in subgraphs/forum/manifest.ts (settingDocs), beside the code that reads it",
      "FORUM_VOTES_PER_HOUR is described in scripts/docs/settings-reference.ts: describe it in subgraphs/forum/manifest.ts (settingDocs), beside the code that reads it",
    ]);
  });

  test("every domain has a section and a row in the port table, with the port its definition gives", () => {
    const text = configurationText(DOMAINS);
    for (const domain of DOMAINS) {
      assert.match(text, new RegExp(`^### ${domain.name}$`, "m"));
      assert.ok(text.includes(`| \`${domain.port}\` / \`http://127.0.0.1:${domain.port}/graphql\` | [${domain.name}]`), domain.name);
    }
  });

  test("every domain's README lists its GraphQL operations as its schema declares them (a stale list fails: run `npm run docs`)", () => {
    for (const domain of DOMAINS) {
      const current = readFileSync(readmeFile(domain), "utf8");
      assert.ok(current.includes(BEGIN), `subgraphs/${domain.name}/README.md has no generated GraphQL operations part`);
      assert.equal(current, readmeText(current, domain), `subgraphs/${domain.name}/README.md: run \`npm run docs\``);
    }
    const forum = operationsBlock(DOMAINS.find((domain) => domain.name === "forum")!);
    assert.match(forum, /^Subscriptions:$/m);
    assert.match(forum, /^\| `questionActivity\(questionId: ID!/m);
  });

  test("a domain added from its folder alone (the fixture domain) describes its settings there: its section and port row follow", () => {
    const domains = [...DOMAINS, fixture];
    assert.deepEqual(referenceProblems(domains), []);
    const text = configurationText(domains);
    assert.match(text, /^### fixture-notes\n\nRead in `subgraphs\/fixture-notes\/settings\.ts`\.\n\n.*\n.*\n\| `FIXTURE_NOTES_SHOUT_SUFFIX` \| `!` \|/m);
    assert.ok(text.includes("| `FIXTURE_NOTES_SUBGRAPH_PORT` / `FIXTURE_NOTES_SUBGRAPH_URL` | `4099` /"), "its port row");
  });
});
