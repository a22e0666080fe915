// @tier unit
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { test } from "node:test";
import { deepMerge } from "../execution/deep-merge.js";

const require = createRequire(import.meta.url);
const { deepMerge: stockDeepMerge } = require("@apollo/gateway/dist/utilities/deepMerge") as { deepMerge: (target: any, source: any) => any };

/** Pairs (target, source) as JSON texts, so each side merges fresh objects of its own. */
const CASES: [string, string][] = [
  [`{"__typename":"User","id":"1"}`, `{"name":"Ada","reviews":[{"id":"r1"}]}`],
  [`{"a":{"b":1,"c":{"d":2}},"list":[{"x":1},2,null]}`, `{"a":{"c":{"e":3},"f":null},"list":[{"y":2},{"z":3},4]}`],
  [`{"list":[{"x":1}]}`, `{"list":[{"y":1},{"y":2}]}`],
  [`{"a":null,"b":0,"c":""}`, `{"a":{"x":1},"b":{"y":2},"c":[1]}`],
  [`{"constructor":{"a":1}}`, `{"constructor":{"x":1},"toString":"t","__proto__":{"polluted":true},"hasOwnProperty":{"h":1}}`],
  [`{}`, `{"__proto__":{"polluted":true},"valueOf":[1,2]}`],
  [`{"a":[[{"x":1}],[{"x":2}]]}`, `{"a":[[{"y":1}],[{"y":2},{"y":3}]]}`],
  [`{"a":{"b":1}}`, `null`],
  [`{"b":1,"3":0}`, `{"z":1,"2":{"x":1},"a":2,"1":3,"3":{"y":1}}`],
];

test("merges exactly as @apollo/gateway's deepMerge: nested objects, lists of equal and unequal lengths, nulls, keys of Object.prototype", () => {
  for (const [target, source] of CASES) {
    const ours = deepMerge(JSON.parse(target), JSON.parse(source));
    const stock = stockDeepMerge(JSON.parse(target), JSON.parse(source));
    assert.equal(JSON.stringify(ours), JSON.stringify(stock), `${target} ← ${source}`);
    assert.deepEqual(Object.getOwnPropertyNames(ours), Object.getOwnPropertyNames(stock));
    assert.equal(Object.getPrototypeOf(ours), Object.getPrototypeOf(stock), "no prototype is replaced");
  }
  assert.equal(({} as any).polluted, undefined);
});

test("undefined values in the source leave the target's as they are; a source's own keys only", () => {
  const source = Object.assign(Object.create({ inherited: 1 }), { kept: undefined, added: 2 });
  assert.deepEqual(deepMerge({ kept: "yes" }, source), stockDeepMerge({ kept: "yes" }, Object.assign(Object.create({ inherited: 1 }), { kept: undefined, added: 2 })));
  assert.deepEqual(deepMerge({ kept: "yes" }, source), { kept: "yes", added: 2 });
});
