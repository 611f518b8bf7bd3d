/** Translated names of toolbar entries, shared by the editor's table and its dialog. */
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import type { ToolbarFeatureKey, ToolbarItem } from '@pacs/common';

export const FEATURE_LABELS: Record<ToolbarFeatureKey, MessageDescriptor> = defineMessages({
  viewer: { id: 'toolbars.feature.viewer' },
  report: { id: 'toolbars.feature.report' },
  add: { id: 'toolbars.feature.add' },
  edit: { id: 'toolbars.feature.edit' },
  note: { id: 'toolbars.feature.note' },
  delete: { id: 'toolbars.feature.delete' },
  share: { id: 'toolbars.feature.share' },
  export: { id: 'toolbars.feature.export' },
  import: { id: 'toolbars.feature.import' },
  import_sample: { id: 'toolbars.feature.import_sample' },
  forward: { id: 'toolbars.feature.forward' },
  csv: { id: 'toolbars.feature.csv' },
  assign: { id: 'toolbars.feature.assign' },
  unassign: { id: 'toolbars.feature.unassign' },
  order: { id: 'toolbars.feature.order' },
  search: { id: 'toolbars.feature.search' },
  refresh: { id: 'toolbars.feature.refresh' },
  grid: { id: 'toolbars.feature.grid' },
  grid_image: { id: 'toolbars.feature.grid_image' },
  sync: { id: 'toolbars.feature.sync' },
  comparison: { id: 'toolbars.feature.comparison' },
  window_level: { id: 'toolbars.feature.window_level' },
  window_level_presets: { id: 'toolbars.feature.window_level_presets' },
  pan: { id: 'toolbars.feature.pan' },
  zoom: { id: 'toolbars.feature.zoom' },
  rotate: { id: 'toolbars.feature.rotate' },
  flip_horizontal: { id: 'toolbars.feature.flip_horizontal' },
  flip_vertical: { id: 'toolbars.feature.flip_vertical' },
  reset: { id: 'toolbars.feature.reset' },
  cine: { id: 'toolbars.feature.cine' },
  cine_range: { id: 'toolbars.feature.cine_range' },
  magnifier: { id: 'toolbars.feature.magnifier' },
  pixel_value: { id: 'toolbars.feature.pixel_value' },
  mpr: { id: 'toolbars.feature.mpr' },
  length: { id: 'toolbars.feature.length' },
  angle: { id: 'toolbars.feature.angle' },
  rectangle: { id: 'toolbars.feature.rectangle' },
  ellipse: { id: 'toolbars.feature.ellipse' },
  arrow: { id: 'toolbars.feature.arrow' },
  text: { id: 'toolbars.feature.text' },
  vhs: { id: 'toolbars.feature.vhs' },
  annotation_save: { id: 'toolbars.feature.annotation_save' },
  capture: { id: 'toolbars.feature.capture' },
  key_image: { id: 'toolbars.feature.key_image' },
  dicom_header: { id: 'toolbars.feature.dicom_header' },
  overlay: { id: 'toolbars.feature.overlay' },
  annotation_display: { id: 'toolbars.feature.annotation_display' },
  pseudo_color: { id: 'toolbars.feature.pseudo_color' },
  save: { id: 'toolbars.feature.save' },
  pdf: { id: 'toolbars.feature.pdf' },
  template: { id: 'toolbars.feature.template' },
  layout: { id: 'toolbars.feature.layout' },
});

const OTHER = defineMessages({
  divider: { id: 'toolbars.type.divider' },
});

export function featureLabel(intl: IntlShape, key: string): string {
  const descriptor = (FEATURE_LABELS as Record<string, MessageDescriptor | undefined>)[key];
  return descriptor ? intl.formatMessage(descriptor) : key;
}

/** What the editor calls an item: a folder's own name, a feature's translated name, or "Divider". */
export function itemLabel(intl: IntlShape, item: ToolbarItem): string {
  if (item.type === 'folder') return item.label;
  if (item.type === 'divider') return intl.formatMessage(OTHER.divider);
  return featureLabel(intl, item.key);
}
