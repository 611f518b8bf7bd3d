/** Synchronisation of the ready stack viewports' scroll, window level and zoom/pan, as the sync settings say. */
import { SynchronizerManager, synchronizers } from '@cornerstonejs/tools';
import { RENDERING_ENGINE_ID, SYNC_IDS } from './viewport-state.ts';

export interface SyncKinds {
  scroll: boolean;
  window_level: boolean;
  zoom_pan: boolean;
}

export class ViewportSync {
  private enabled = false;
  private kinds: SyncKinds = { scroll: true, window_level: false, zoom_pan: false };

  set(enabled: boolean, kinds: SyncKinds): void {
    this.enabled = enabled;
    this.kinds = kinds;
  }

  /** Links `ready` (the ready stack viewports) anew; with no rendering engine yet, only unlinks. */
  update(ready: readonly string[], hasEngine: boolean): void {
    for (const id of Object.values(SYNC_IDS)) SynchronizerManager.destroySynchronizer(id);
    if (!this.enabled || !hasEngine) return;
    if (ready.length < 2) return;
    const made = [];
    if (this.kinds.scroll) made.push(synchronizers.createImageSliceSynchronizer(SYNC_IDS.scroll));
    if (this.kinds.window_level)
      made.push(synchronizers.createVOISynchronizer(SYNC_IDS.window_level, { syncInvertState: true, syncColormap: false }));
    if (this.kinds.zoom_pan) made.push(synchronizers.createZoomPanSynchronizer(SYNC_IDS.zoom_pan));
    for (const synchronizer of made)
      for (const viewportId of ready) synchronizer.add({ renderingEngineId: RENDERING_ENGINE_ID, viewportId });
  }

  /** A viewport going away leaves every synchroniser. */
  remove(viewportId: string): void {
    for (const id of Object.values(SYNC_IDS))
      SynchronizerManager.getSynchronizer(id)?.remove({ renderingEngineId: RENDERING_ENGINE_ID, viewportId });
  }
}
