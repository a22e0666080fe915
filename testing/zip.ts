import { crc32, deflateRawSync } from "node:zlib";

/** A part deflated once: the same bytes may go in an archive many times, and its headers may be made to lie. */
export interface DeflatedPart {
  deflated: Buffer;
  /** The inflated size the headers declare. */
  size: number;
  crc: number;
}

export const deflatedPart = (bytes: Uint8Array): DeflatedPart => ({ deflated: deflateRawSync(bytes, { level: 9 }), size: bytes.byteLength, crc: crc32(bytes) });

/** A ZIP archive of `parts` (each deflated, or already deflated), written as the format says: local headers, data, central directory. */
export function zipOf(parts: Record<string, Uint8Array | DeflatedPart>): Buffer {
  const pieces: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const [name, given] of Object.entries(parts)) {
    const part = given instanceof Uint8Array ? deflatedPart(given) : given;
    const encodedName = Buffer.from(name, "utf8");
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(part.crc, 14);
    local.writeUInt32LE(part.deflated.length, 18);
    local.writeUInt32LE(part.size, 22);
    local.writeUInt16LE(encodedName.length, 26);
    pieces.push(local, encodedName, part.deflated);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(part.crc, 16);
    central.writeUInt32LE(part.deflated.length, 20);
    central.writeUInt32LE(part.size, 24);
    central.writeUInt16LE(encodedName.length, 28);
    central.writeUInt32LE(offset, 42);
    directory.push(central, encodedName);
    offset += local.length + encodedName.length + part.deflated.length;
  }
  const centralDirectory = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(directory.length / 2, 8);
  end.writeUInt16LE(directory.length / 2, 10);
  end.writeUInt32LE(centralDirectory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...pieces, centralDirectory, end]);
}
