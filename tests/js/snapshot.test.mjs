// The worker's snapshot format (web/js/snapshot.js): the memory without its
// zero pages, and back exactly.
import { test } from "node:test";
import assert from "node:assert/strict";
import { pack, unpack } from "../../web/js/snapshot.js";

const PAGE = 65536;

test("a snapshot keeps only its non-zero pages and comes back byte for byte", async () => {
  const memory = new Uint8Array(PAGE * 7 + 100);          // a last page that is not full
  memory[5] = 1;                                           // page 0
  memory.fill(7, PAGE * 3 + 10, PAGE * 4 + 20);            // pages 3 and 4
  memory[PAGE * 7 + 99] = 9;                               // the last, partial page
  const stored = new Uint8Array(await pack(memory).arrayBuffer());
  assert.equal(stored.length, 12 + 1 + 3 * PAGE + 100);
  assert.deepEqual(unpack(stored), memory);
});

test("a view into a larger buffer packs the same", async () => {
  const big = new Uint8Array(PAGE * 3 + 1);
  big[PAGE + 5] = 3;
  const view = big.subarray(1);                            // not aligned on 4 bytes
  const back = unpack(new Uint8Array(await pack(view).arrayBuffer()));
  assert.deepEqual(back, view);
});

test("anything else is not a snapshot", async () => {
  assert.equal(unpack(new Uint8Array(4)), null);
  const stored = new Uint8Array(await pack(new Uint8Array(PAGE * 2).fill(1)).arrayBuffer());
  assert.equal(unpack(stored.subarray(0, stored.length - 1)), null);       // cut short
  const other = stored.slice();
  other[0] ^= 1;
  assert.equal(unpack(other), null);                                        // another format
});
