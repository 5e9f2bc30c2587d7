// The release zip holds exactly dist/ and reads back byte for byte.
import { describe, it, expect } from "vitest";
import { inflateRawSync } from "node:zlib";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
// @ts-expect-error plain ESM script without types
import { zipDirectory } from "../../scripts/zip.mjs";

const dist = fileURLToPath(new URL("../../dist", import.meta.url));

function readZip(buf: Buffer): Map<string, Buffer> {
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = buf.readUInt16LE(end + 10);
  let p = buf.readUInt32LE(end + 16);
  const out = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const method = buf.readUInt16LE(p + 10);
    const size = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString("utf8");
    const start = local + 30 + buf.readUInt16LE(local + 26);
    const body = buf.subarray(start, start + size);
    out.set(name, method === 8 ? inflateRawSync(body) : Buffer.from(body));
    p += 46 + nameLen;
  }
  return out;
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : [join(dir, n)]));
}

describe("release zip", () => {
  it("contains exactly the installable folder, byte for byte", () => {
    const entries = readZip((zipDirectory as (d: string) => Buffer)(dist));
    const expected = files(dist).map((f) => relative(dist, f).split(sep).join("/")).sort();
    expect([...entries.keys()].sort()).toEqual(expected);
    for (const name of expected) expect(entries.get(name)!.equals(readFileSync(join(dist, name))), name).toBe(true);
    expect(JSON.parse(entries.get("system.json")!.toString("utf8")).id).toBe("fracas");
  });
});
