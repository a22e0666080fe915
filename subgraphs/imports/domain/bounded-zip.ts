import { StringDecoder } from "node:string_decoder";
import yauzl, { type Entry, type ZipFile } from "yauzl";

/** What reading one archive may cost: checked from the central directory first, then counted while inflating. */
export interface ZipBudget {
  /** Entries in the central directory (any entry, read or not). */
  maxEntries: number;
  /** Inflated bytes of one part: its declared size and its actual bytes, counted as they come. */
  maxPartBytes: number;
  /** Inflated bytes of every part read from the archive together. */
  maxTotalBytes: number;
}

/** An archive past its budget: the message says which limit and names its setting. */
export class ZipBudgetError extends Error {}

/** The archive is not a readable ZIP (truncated, damaged, encrypted, an unknown compression). */
export class DamagedZipError extends Error {}

const mib = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MiB`;

/**
 * A ZIP archive read in place: its central directory first (entry count and declared sizes checked
 * before anything is inflated), then only the wanted parts, each inflated as a stream with a running
 * count against the part and total budgets — a declared size is never trusted alone.
 */
export class BoundedZip {
  private inflatedBytes = 0;

  private readonly zip: ZipFile;
  private readonly parts: Map<string, Entry>;
  private readonly budget: ZipBudget;

  private constructor(
    zip: ZipFile,
    parts: Map<string, Entry>,
    budget: ZipBudget,
  ) {
    this.zip = zip;
    this.parts = parts;
    this.budget = budget;
  }

  /** Opens `file` and lists the entries `wanted` keeps; past the entry budget, or damaged, it fails before inflating anything. */
  static async open(file: string, budget: ZipBudget, wanted: (name: string) => boolean): Promise<BoundedZip> {
    let zip: ZipFile;
    try {
      zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true, decodeStrings: true, strictFileNames: false });
    } catch {
      throw new DamagedZipError("not a readable ZIP archive");
    }
    try {
      if (zip.entryCount > budget.maxEntries) {
        throw new ZipBudgetError(`The archive has ${zip.entryCount} entries: at most ${budget.maxEntries} are read (IMPORT_ZIP_MAX_ENTRIES)`);
      }
      const parts = await listEntries(zip, wanted);
      for (const [name, entry] of parts) {
        if (entry.uncompressedSize > budget.maxPartBytes) {
          throw new ZipBudgetError(`The part ${name} declares ${mib(entry.uncompressedSize)}: at most ${mib(budget.maxPartBytes)} each (IMPORT_ZIP_MAX_PART_BYTES)`);
        }
        if (entry.isEncrypted() || !entry.canDecodeFileData()) throw new DamagedZipError(`the part ${name} is encrypted or compressed in an unknown way`);
      }
      return new BoundedZip(zip, parts, budget);
    } catch (error) {
      zip.close();
      throw error;
    }
  }

  /** The part's bytes as UTF-8 text, or undefined when the archive has no such (wanted) part. */
  async text(name: string): Promise<string | undefined> {
    const entry = this.parts.get(name);
    if (!entry) return undefined;
    const decoder = new StringDecoder("utf8");
    const pieces: string[] = [];
    let partBytes = 0;
    let stream;
    try {
      stream = await this.zip.openReadStreamPromise(entry);
    } catch {
      throw new DamagedZipError(`the part ${name} could not be read`);
    }
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        partBytes += chunk.byteLength;
        this.inflatedBytes += chunk.byteLength;
        if (partBytes > this.budget.maxPartBytes) throw new ZipBudgetError(`The part ${name} inflates past ${mib(this.budget.maxPartBytes)} (IMPORT_ZIP_MAX_PART_BYTES)`);
        if (this.inflatedBytes > this.budget.maxTotalBytes) {
          throw new ZipBudgetError(`The archive's parts inflate past ${mib(this.budget.maxTotalBytes)} in all (IMPORT_ZIP_MAX_INFLATED_BYTES)`);
        }
        pieces.push(decoder.write(chunk));
      }
    } catch (error) {
      if (error instanceof ZipBudgetError) throw error;
      throw new DamagedZipError(`the part ${name} is damaged`);
    } finally {
      stream.destroy();
    }
    pieces.push(decoder.end());
    return pieces.join("");
  }

  close(): void {
    this.zip.close();
  }
}

/** The central directory's entries `wanted` keeps, by name (read one record at a time). */
function listEntries(zip: ZipFile, wanted: (name: string) => boolean): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    const parts = new Map<string, Entry>();
    zip.on("entry", (entry: Entry) => {
      if (wanted(entry.fileName)) parts.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.once("end", () => resolve(parts));
    zip.once("error", () => reject(new DamagedZipError("the archive's directory is damaged")));
    zip.readEntry();
  });
}
