/** Labels of the viewer toolbar's features and of its menus' choices. */
import { defineMessages } from 'react-intl';

export const LABELS = defineMessages({
  window_level: { id: 'viewer.feature.window_level' },
  pan: { id: 'viewer.feature.pan' },
  zoom: { id: 'viewer.feature.zoom' },
  rotate: { id: 'viewer.feature.rotate' },
  flip_horizontal: { id: 'viewer.feature.flip_horizontal' },
  flip_vertical: { id: 'viewer.feature.flip_vertical' },
  reset: { id: 'viewer.reset' },
  cine: { id: 'viewer.feature.cine' },
  magnifier: { id: 'viewer.feature.magnifier' },
  pixel_value: { id: 'viewer.feature.pixel_value' },
  length: { id: 'viewer.feature.length' },
  angle: { id: 'viewer.feature.angle' },
  rectangle: { id: 'viewer.feature.rectangle' },
  ellipse: { id: 'viewer.feature.ellipse' },
  arrow: { id: 'viewer.feature.arrow' },
  text: { id: 'viewer.feature.text' },
  vhs: { id: 'viewer.feature.vhs' },
  annotation_save: { id: 'viewer.feature.annotation_save' },
  sync: { id: 'viewer.feature.sync' },
  comparison: { id: 'viewer.feature.comparison' },
  mpr: { id: 'viewer.feature.mpr' },
  key_image: { id: 'viewer.feature.key_image' },
  capture: { id: 'viewer.feature.capture' },
  export: { id: 'viewer.feature.export' },
  dicom_header: { id: 'viewer.feature.dicom_header' },
  overlay: { id: 'viewer.feature.overlay' },
  annotation_display: { id: 'viewer.feature.annotation_display' },
  pseudo_color: { id: 'viewer.feature.pseudo_color' },
});

export const PRESET_LABELS = defineMessages({
  abdomen: { id: 'viewer.preset.abdomen' },
  bone: { id: 'viewer.preset.bone' },
  brain: { id: 'viewer.preset.brain' },
  lungs: { id: 'viewer.preset.lungs' },
  mediastinum: { id: 'viewer.preset.mediastinum' },
});

export const STATUS_LABELS = defineMessages({
  show_all: { id: 'viewer.annotation_status.show_all' },
  show_only_mine: { id: 'viewer.annotation_status.show_only_mine' },
  hide_all: { id: 'viewer.annotation_status.hide_all' },
});

export const EXPORT_LABELS = defineMessages({
  png: { id: 'viewer.export_png' },
  jpeg: { id: 'viewer.export_jpeg' },
  dicom: { id: 'viewer.export_dicom' },
});

export const COLORMAP_LABELS = defineMessages({
  gray: { id: 'viewer.colormap.gray' },
  hot: { id: 'viewer.colormap.hot' },
  bone: { id: 'viewer.colormap.bone' },
  hsv: { id: 'viewer.colormap.hsv' },
  jet: { id: 'viewer.colormap.jet' },
  rainbow: { id: 'viewer.colormap.rainbow' },
});
