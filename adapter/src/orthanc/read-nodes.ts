/**
 * Which Orthanc node a read goes to in a cluster (docs/decisions.md, "Reads at a node's death").
 * The adapter picks the node itself rather than reading through the Orthanc balancer: then it
 * knows which node failed, can send the one retry of a read to another node, and avoids the dead
 * one for a few seconds. Writes still go through the balancer (the client's `url`).
 */

/** How long a node that failed a read is passed over by every read of this replica. */
export const NODE_AVOID_MS = 5_000;

export class ReadNodes {
  private turn = 0;
  private readonly avoidUntil = new Map<string, number>();

  constructor(
    readonly urls: readonly string[],
    private readonly avoidMs = NODE_AVOID_MS,
    private readonly now: () => number = Date.now,
  ) {
    if (urls.length === 0) throw new Error('ReadNodes needs at least one node');
  }

  /**
   * The node for a read, in turn among those not avoided; `instead` is the node a first try just
   * failed on, never picked again if another exists. When every other node is avoided too, the
   * failed one is tried again (a fresh connection: its failure may have been one stale socket)
   * rather than one already known dead.
   */
  pick(instead?: string): string {
    const now = this.now();
    const live = this.urls.filter((url) => url !== instead && (this.avoidUntil.get(url) ?? 0) <= now);
    const from = live.length > 0 ? live : instead !== undefined ? [instead] : this.urls;
    return from[this.turn++ % from.length]!;
  }

  /** A read found no Orthanc at `url` (refused, reset, hung up): pass it over for a while. */
  failed(url: string): void {
    this.avoidUntil.set(url, this.now() + this.avoidMs);
  }
}
