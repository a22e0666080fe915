// @tier unit
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Settings } from "../../lib/settings.js";
import { loadConfig } from "../../lib/config.js";
import { REST_SERVICES } from "../../rest-adapter/services.js";
import { MANIFESTS } from "../manifests.js";
import { p2pSettings } from "../p2p/settings.js";

/** Every fixed port the platform listens on by default, other than the subgraphs': who holds it. */
function fixedPorts(): [number, string][] {
  const config = loadConfig({});
  const p2pListen = p2pSettings(new Settings({ NODE_ENV: "production" })).listen;
  return [
    [config.port, "PORT (the gateway)"],
    [config.restPort, "REST_PORT (the REST adapter)"],
    ...REST_SERVICES.flatMap((service): [number, string][] => (service.directPort ? [[service.directPort.port, `${service.directPort.variable} (REST ${service.name})`]] : [])),
    ...p2pListen.flatMap((address): [number, string][] => {
      const port = /\/tcp\/(\d+)/.exec(address)?.[1];
      return port ? [[Number(port), `the p2p node's ${address}`]] : [];
    }),
  ];
}

describe("ports", () => {
  test("every domain's subgraph has a port of its own", () => {
    const byPort = new Map<number, string[]>();
    for (const { name, port } of MANIFESTS) byPort.set(port, [...(byPort.get(port) ?? []), name]);
    assert.deepEqual([...byPort.values()].filter((names) => names.length > 1), []);
  });

  test("no subgraph's port is one the gateway, the REST adapter, a direct REST port or the p2p node takes", () => {
    const fixed = fixedPorts();
    assert.ok(fixed.length >= 8, "the gateway's, the adapter's, six direct ports and the p2p node's");
    const collisions = MANIFESTS.flatMap(({ name, port }) => fixed.filter(([taken]) => taken === port).map(([, holder]) => `${name} (${port}) and ${holder}`));
    assert.deepEqual(collisions, []);
  });

  test("the fixed ports are distinct among themselves", () => {
    const ports = fixedPorts().map(([port]) => port);
    assert.equal(new Set(ports).size, ports.length);
  });
});
