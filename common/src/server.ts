/** What the server tells about itself (`/state`, `/product/info`). */
import type { Edition } from './permissions.ts';

/** `GET /state`: public facts the client needs before anyone signs in. */
export interface ServerState {
  ProductName: string;
  Version: string;
  ReleaseDate: string;
  Edition: Edition;
  Languages: string[];
  /** Whether the adapter currently reaches its two backing services. */
  Orthanc: 'up' | 'down';
  Database: 'up' | 'down';
  ServerTime: string;
}

/** `GET /product/info`. */
export interface ProductInfo {
  Name: string;
  Version: string;
  ReleaseDate: string;
}
