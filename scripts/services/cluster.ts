/**
 * Scale-out on one machine, on Orthanc's own engine (docs/decisions.md, "Cluster"): N Orthanc
 * processes on one PostgreSQL index (no lock, a DatabaseServerIdentifier each) and one storage
 * folder, M adapter replicas, and nginx in front (scripts/services/nginx.ts). Used by `npm start`
 * (ORTHANC_NODES, ADAPTER_REPLICAS) and by the test harness; every process is started by the same
 * code as on one node (startOrthanc, adapter/src/main.ts).
 *
 * Who does what:
 * - every node takes C-STOREs on its own DICOM port and answers reads (through the Orthanc
 *   balancer, so a dead node is passed over);
 * - with the DICOM front receiver on (DICOM_FRONT, docs/decisions.md "The DICOM front receiver
 *   in a cluster"), replica k fronts node k for k below both counts: it listens on node k's
 *   published DICOM port, spools under DATA_DIR/dicom-front/<that port>/, hands the files to the
 *   Orthanc balancer (any live node: they share the index and the storage) and pipes the other
 *   services to node k's internal port. Replicas beyond the nodes front nothing; nodes beyond the
 *   replicas answer their published port themselves, as with the front off;
 * - the first node is the jobs node: forwards and edits are Orthanc jobs, which live in one
 *   process's memory, so every replica creates and polls them there, and any replica finds a job's
 *   progress (docs/decisions.md);
 * - each node keeps its own copy of the DICOM peers in memory: replicas push them to every node;
 * - one replica follows /changes into the study index (an advisory lock; another takes over).
 */
import { join } from 'node:path';
import { startOrthanc, type OrthancOptions, type RunningOrthanc } from './orthanc.ts';
import { orthancLogName } from '../../adapter/src/config.ts';

export interface ClusterSize {
  orthancNodes: number;
  adapters: number;
}

/** ORTHANC_NODES and ADAPTER_REPLICAS (1–16 each, default 1); throws a message naming the variable. */
export function clusterSize(env: NodeJS.ProcessEnv): ClusterSize {
  const read = (name: string): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return 1;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1 || value > 16) throw new Error(`${name} must be a whole number from 1 to 16 (got "${raw}").`);
    return value;
  };
  return { orthancNodes: read('ORTHANC_NODES'), adapters: read('ADAPTER_REPLICAS') };
}

export const isCluster = (size: ClusterSize): boolean => size.orthancNodes > 1 || size.adapters > 1;

export interface ClusterPorts {
  /** nginx's public front (the product's PORT). */
  front: number;
  /** nginx's loopback balancer over the nodes' REST ports (the product's ORTHANC_HTTP_PORT). */
  orthancBalancer: number;
  /**
   * `dicom`: the node's published DICOM port; `internal`: where the node listens when a replica
   * fronts it (`fronted`), its published port being the front's.
   */
  nodes: { http: number; dicom: number; internal: number }[];
  /** The replicas' loopback ports. */
  adapters: number[];
}

/**
 * `npm start`'s ports: the front and the Orthanc balancer keep the single node's PORT and
 * ORTHANC_HTTP_PORT; node k (from 0) has DICOM_PORT + k (the first node keeps the port modalities
 * already know), DICOM_INTERNAL_PORT + k behind a front, and ORTHANC_HTTP_PORT + 1 + k; replica k
 * has PORT + 1 + k.
 */
export function clusterPorts(
  size: ClusterSize,
  port: number,
  orthancHttpPort: number,
  dicomPort: number,
  internalPort: number,
): ClusterPorts {
  const range = (count: number) => Array.from({ length: count }, (_, k) => k);
  return {
    front: port,
    orthancBalancer: orthancHttpPort,
    nodes: range(size.orthancNodes).map((k) => ({ http: orthancHttpPort + 1 + k, dicom: dicomPort + k, internal: internalPort + k })),
    adapters: range(size.adapters).map((k) => port + 1 + k),
  };
}

/** Node k's own folder (configuration, pid): the first node's is the single node's, which also holds the shared files. */
export function nodeDataDir(dataDir: string, k: number): string {
  return k === 0 ? join(dataDir, 'orthanc') : join(dataDir, `orthanc-node-${k + 1}`);
}

/**
 * Whether node k is fronted by a replica's DICOM front receiver: the front is on and a replica k
 * exists (the first min(nodes, replicas) nodes).
 */
export function fronted(ports: ClusterPorts, k: number, dicomFront: boolean): boolean {
  return dicomFront && k < ports.nodes.length && k < ports.adapters.length;
}

export type NodeOptions = Omit<OrthancOptions, 'dataDir' | 'httpPort' | 'dicomPort' | 'logFile' | 'cluster'> & {
  /** DICOM_FRONT: the fronted nodes listen on their internal port. */
  dicomFront: boolean;
};

/** Starts one node of the cluster (k from 0); also used to restart a node. */
export function startOrthancNode(nodeOptions: NodeOptions, dataDir: string, logsDir: string, ports: ClusterPorts, k: number) {
  const { dicomFront, dicomTlsDir, ...options } = nodeOptions;
  const isFronted = fronted(ports, k, dicomFront);
  return startOrthanc({
    ...options,
    dataDir: nodeDataDir(dataDir, k),
    httpPort: ports.nodes[k]!.http,
    dicomPort: isFronted ? ports.nodes[k]!.internal : ports.nodes[k]!.dicom,
    // Every fronted node takes the one internal certificate; a node no replica fronts answers modalities itself, in plain DICOM.
    dicomTlsDir: isFronted ? dicomTlsDir : undefined,
    logFile: join(logsDir, orthancLogName(k)),
    cluster: { serverId: `node-${k + 1}`, sharedDir: nodeDataDir(dataDir, 0) },
  });
}

/** Starts every node, one after the other (the first creates the index's schema); stops them all if one fails. */
export async function startOrthancNodes(
  options: NodeOptions,
  dataDir: string,
  logsDir: string,
  ports: ClusterPorts,
): Promise<RunningOrthanc[]> {
  const running: RunningOrthanc[] = [];
  try {
    for (let k = 0; k < ports.nodes.length; k++) running.push(await startOrthancNode(options, dataDir, logsDir, ports, k));
  } catch (error) {
    await Promise.all(running.map((node) => node.stop().catch(() => undefined)));
    throw error;
  }
  return running;
}

/**
 * What a replica's environment adds to the product's: it listens on loopback behind nginx (which
 * terminates TLS and sets X-Forwarded-*), reads through the Orthanc balancer, runs jobs on the
 * first node and pushes peers to every node. Orthanc's network.json is per node here (each has its
 * own DICOM port), so the provider's AE title and port are the launcher's, not the admin screen's.
 * With the DICOM front on, replica k fronts node k when that node exists (`fronted`); the others
 * keep the front on (Orthanc's loopback lines are the fronts', not to be counted) without a port.
 */
export function replicaEnv(ports: ClusterPorts, k: number, frontTls: boolean, dicomFront = false): Record<string, string> {
  const node = (port: number) => `http://127.0.0.1:${port}`;
  const own = fronted(ports, k, dicomFront) ? ports.nodes[k]! : undefined;
  return {
    DICOM_FRONT: dicomFront ? 'on' : 'off',
    DICOM_FRONT_LISTEN: String(own !== undefined),
    DICOM_INTERNAL_PORT: String((own ?? ports.nodes[0]!).internal),
    HOST: '127.0.0.1',
    PORT: String(ports.adapters[k]),
    TRUST_PROXY: '1',
    TLS_SELF_SIGNED: 'false',
    TLS_CERT: '',
    TLS_KEY: '',
    HTTP_REDIRECT_PORT: '',
    COOKIE_SECURE: String(frontTls),
    DICOM_PORT: String((own ?? ports.nodes[0]!).dicom),
    ORTHANC_URL: node(ports.orthancBalancer),
    ORTHANC_JOBS_URL: node(ports.nodes[0]!.http),
    ORTHANC_NODE_URLS: ports.nodes.map((each) => node(each.http)).join(','),
    ORTHANC_NETWORK_FILE: '',
  };
}
