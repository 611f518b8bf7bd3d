/**
 * Icons of the viewer toolbar's features (issue 21: an icon toolbar with tooltips and keyboard
 * hints, like the viewers radiologists know). Stroke drawings on a 24-unit grid, drawn for this
 * product; a feature without one keeps its text label. The phone's bottom bar uses them too, with
 * `scroll` and `more`, which are its own.
 */
import type { ReactNode } from 'react';

const PATHS: Record<string, ReactNode> = {
  scroll: <path d="M12 3v18M7 8l5-5 5 5M7 16l5 5 5-5" />,
  more: (
    <>
      <circle cx="5" cy="12" r="1.6" fill="currentColor" />
      <circle cx="12" cy="12" r="1.6" fill="currentColor" />
      <circle cx="19" cy="12" r="1.6" fill="currentColor" />
    </>
  ),
  window_level: (
    <>
      <circle cx="12" cy="12" r="8" />
      <path d="M12 4a8 8 0 0 1 0 16z" fill="currentColor" />
    </>
  ),
  pan: <path d="M12 3v18M3 12h18M12 3l-3 3M12 3l3 3M12 21l-3-3M12 21l3-3M3 12l3-3M3 12l3 3M21 12l-3-3M21 12l-3 3" />,
  zoom: (
    <>
      <circle cx="10.5" cy="10.5" r="6" />
      <path d="M15 15l6 6M8 10.5h5M10.5 8v5" />
    </>
  ),
  rotate: <path d="M19 12a7 7 0 1 1-2.05-4.95M19 4v4h-4" />,
  flip_horizontal: <path d="M12 3v18M9 6L4 12l5 6zM15 6l5 6-5 6z" />,
  flip_vertical: <path d="M3 12h18M6 9l6-5 6 5zM6 15l6 5 6-5z" />,
  reset: <path d="M5 12a7 7 0 1 0 2-5M5 3v4h4" />,
  invert: (
    <>
      <rect x="4" y="4" width="16" height="16" rx="2" />
      <path d="M4 20L20 4v16z" fill="currentColor" />
    </>
  ),
  cine: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M10 9v6l5-3z" fill="currentColor" />
    </>
  ),
  magnifier: (
    <>
      <circle cx="10" cy="10" r="6.5" />
      <path d="M15 15l6 6M7.5 8.5a3 3 0 0 1 3-2" />
    </>
  ),
  pixel_value: <path d="M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM17 14v6M14 17h6" />,
  length: <path d="M4 18L18 4M4 18l3 1M4 18l-1-3M18 4l-3-1M18 4l1 3M8 12l2 2M12 8l2 2" />,
  angle: <path d="M4 20L18 5M4 20h16M10 20a6 6 0 0 0-2-4.5" />,
  rectangle: <rect x="4" y="6" width="16" height="12" rx="1" />,
  ellipse: <ellipse cx="12" cy="12" rx="8.5" ry="6" />,
  arrow: <path d="M5 19L18 6M18 6h-7M18 6v7" />,
  text: <path d="M5 6h14M12 6v13M9 19h6" />,
  // A heart with its long and short axes, over a row of vertebrae.
  vhs: (
    <>
      <path d="M12 19c-4-2.6-7-5.3-7-8.6A3.6 3.6 0 0 1 12 8.3a3.6 3.6 0 0 1 7 2.1c0 3.3-3 6-7 8.6z" />
      <path d="M9 9.5l6 6M14.5 10l-4.5 4.5M3 3.5h4M9 3.5h4M15 3.5h4" />
    </>
  ),
  annotation_save: <path d="M5 4h11l3 3v13H5zM8 4v5h7V4M8 20v-6h8v6" />,
  sync: <path d="M4 9a8 8 0 0 1 14-3l2 2M20 15a8 8 0 0 1-14 3l-2-2M20 4v4h-4M4 20v-4h4" />,
  comparison: <path d="M3 5h8v14H3zM13 5h8v14h-8z" />,
  mpr: <path d="M12 3l8 4.5v9L12 21l-8-4.5v-9zM12 12l8-4.5M12 12L4 7.5M12 12v9" />,
  key_image: <path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" />,
  capture: (
    <>
      <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
      <circle cx="12" cy="13" r="3.5" />
    </>
  ),
  export: <path d="M12 3v12M7 10l5 5 5-5M4 17v3h16v-3" />,
  dicom_header: <path d="M6 3h9l4 4v14H6zM15 3v4h4M9 11h7M9 14h7M9 17h5" />,
  overlay: <path d="M4 4h5M4 4v5M20 4h-5M20 4v5M4 20h5M4 20v-5M20 20h-5M20 20v-5M8 12h8" />,
  annotation_display: (
    <>
      <path d="M2 12s3.5-6 10-6 10 6 10 6-3.5 6-10 6S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </>
  ),
  pseudo_color: (
    <>
      <circle cx="9" cy="9" r="5" />
      <circle cx="15" cy="9" r="5" />
      <circle cx="12" cy="14.5" r="5" />
    </>
  ),
  report: <path d="M6 3h12v18H6zM9 8h6M9 12h6M9 16h4" />,
};

export function hasToolIcon(key: string): boolean {
  return Object.hasOwn(PATHS, key);
}

export function ToolIcon({ name }: { name: string }) {
  return (
    <svg
      className="tool-icon"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinejoin="round"
    >
      {PATHS[name]}
    </svg>
  );
}
