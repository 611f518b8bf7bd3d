/**
 * Whether the backing services answer. Checked on demand (heartbeat, /state) with a short cache
 * so that a thousand browsers' heartbeats cost Orthanc one request a second.
 */
import { pingDatabase, type Db } from './db/pool.ts';
import type { OrthancClient } from './orthanc/client.ts';

const CACHE_MS = 1000;

export class Health {
  private orthanc = { at: 0, up: false };
  private database = { at: 0, up: false };

  constructor(
    private readonly orthancClient: OrthancClient,
    private readonly db: Db,
  ) {}

  async orthancUp(): Promise<boolean> {
    if (Date.now() - this.orthanc.at < CACHE_MS) return this.orthanc.up;
    const up = await this.orthancClient
      .getSystem({ timeoutMs: 2000 })
      .then(() => true)
      .catch(() => false);
    this.orthanc = { at: Date.now(), up };
    return up;
  }

  async databaseUp(): Promise<boolean> {
    if (Date.now() - this.database.at < CACHE_MS) return this.database.up;
    const up = await pingDatabase(this.db)
      .then(() => true)
      .catch(() => false);
    this.database = { at: Date.now(), up };
    return up;
  }
}
