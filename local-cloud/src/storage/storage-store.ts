import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile, readdir } from 'node:fs/promises';
import path from 'node:path';

export interface StoredBucket {
  id: string;
  name: string;
  owner: string;
  public: boolean;
  /** Bytes; null: no limit of the bucket's own. */
  file_size_limit: number | null;
  /** null: any type. Entries may end in `/*` (`image/*`). */
  allowed_mime_types: string[] | null;
  created_at: string;
  updated_at: string;
}

export interface StoredObject {
  id: string;
  bucket_id: string;
  /** The object's key inside its bucket (`folder/file.pdf`). */
  name: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  eTag: string;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
}

/** A key as Supabase Storage accepts it: segments of printable characters, no `.`/`..` segment, no empty one. */
export function isValidObjectKey(key: string): boolean {
  if (!key || key.length > 1024 || key.startsWith('/') || key.endsWith('/')) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(key)) return false;
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

const BUCKET_ID = /^[A-Za-z0-9_.-]{1,100}$/;
export const isValidBucketId = (id: string) => BUCKET_ID.test(id) && id !== '.' && id !== '..';

/**
 * The stand-in's storage on disk, under its data directory: `buckets.json` for the buckets, and per bucket the
 * objects' bytes (`objects/<bucket>/<key>`) beside their metadata (`meta/<bucket>/<key>.json`). Keys are checked
 * (isValidObjectKey) before they become paths, so nothing is read or written outside the directory.
 */
export class StorageStore {
  private buckets: Map<string, StoredBucket> | undefined;

  constructor(private readonly dir: string) {}

  private bucketsFile = () => path.join(this.dir, 'buckets.json');
  private objectPath = (bucket: string, key: string) => path.join(this.dir, 'objects', bucket, key);
  private metaPath = (bucket: string, key: string) => path.join(this.dir, 'meta', bucket, `${key}.json`);

  private async loadBuckets(): Promise<Map<string, StoredBucket>> {
    if (this.buckets) return this.buckets;
    try {
      const list = JSON.parse(await readFile(this.bucketsFile(), 'utf8')) as StoredBucket[];
      this.buckets = new Map(list.map((bucket) => [bucket.id, bucket]));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      this.buckets = new Map();
    }
    return this.buckets;
  }

  private async saveBuckets(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeAtomically(this.bucketsFile(), JSON.stringify([...(await this.loadBuckets()).values()]));
  }

  async listBuckets(): Promise<StoredBucket[]> {
    return [...(await this.loadBuckets()).values()];
  }

  async getBucket(id: string): Promise<StoredBucket | undefined> {
    return (await this.loadBuckets()).get(id);
  }

  async putBucket(bucket: StoredBucket): Promise<void> {
    (await this.loadBuckets()).set(bucket.id, bucket);
    await this.saveBuckets();
  }

  async deleteBucket(id: string): Promise<void> {
    (await this.loadBuckets()).delete(id);
    await this.saveBuckets();
  }

  async getObject(bucket: string, key: string): Promise<StoredObject | undefined> {
    try {
      return JSON.parse(await readFile(this.metaPath(bucket, key), 'utf8')) as StoredObject;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  readBytes(bucket: string, key: string): Promise<Buffer> {
    return readFile(this.objectPath(bucket, key));
  }

  /** Writes the bytes, then the metadata: an object is listed only once its bytes are whole. */
  async putObject(
    bucket: string,
    key: string,
    bytes: Uint8Array,
    meta: { mimetype: string; cacheControl: string },
  ): Promise<StoredObject> {
    const now = new Date().toISOString();
    const before = await this.getObject(bucket, key);
    const object: StoredObject = {
      id: before?.id ?? randomUUID(),
      bucket_id: bucket,
      name: key,
      size: bytes.byteLength,
      mimetype: meta.mimetype,
      cacheControl: meta.cacheControl,
      eTag: `"${createHash('md5').update(bytes).digest('hex')}"`,
      created_at: before?.created_at ?? now,
      updated_at: now,
      last_accessed_at: now,
    };
    await mkdir(path.dirname(this.objectPath(bucket, key)), { recursive: true });
    await mkdir(path.dirname(this.metaPath(bucket, key)), { recursive: true });
    await writeAtomically(this.objectPath(bucket, key), bytes);
    await writeAtomically(this.metaPath(bucket, key), JSON.stringify(object));
    return object;
  }

  /** Removes the metadata first (the object is gone for readers), then the bytes. */
  async deleteObject(bucket: string, key: string): Promise<StoredObject | undefined> {
    const object = await this.getObject(bucket, key);
    if (!object) return undefined;
    await rm(this.metaPath(bucket, key), { force: true });
    await rm(this.objectPath(bucket, key), { force: true });
    return object;
  }

  /** Every object of a bucket whose key starts with `prefix` (a folder: `a/b/`), in key order. */
  async listObjects(bucket: string, prefix: string): Promise<StoredObject[]> {
    const root = path.join(this.dir, 'meta', bucket);
    const found: StoredObject[] = [];
    const walk = async (dir: string, keyPrefix: string): Promise<void> => {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const entry of entries) {
        const key = `${keyPrefix}${entry.name}`;
        if (entry.isDirectory()) {
          if (`${key}/`.startsWith(prefix) || prefix.startsWith(`${key}/`))
            await walk(path.join(dir, entry.name), `${key}/`);
        } else if (entry.name.endsWith('.json')) {
          const objectKey = key.slice(0, -'.json'.length);
          if (objectKey.startsWith(prefix)) {
            const object = await this.getObject(bucket, objectKey);
            if (object) found.push(object);
          }
        }
      }
    };
    await walk(root, '');
    return found.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  async emptyBucket(bucket: string): Promise<void> {
    await rm(path.join(this.dir, 'meta', bucket), { recursive: true, force: true });
    await rm(path.join(this.dir, 'objects', bucket), { recursive: true, force: true });
  }
}

async function writeAtomically(file: string, data: string | Uint8Array): Promise<void> {
  const temporary = `${file}.${randomUUID()}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, file);
}
