/**
 * Stands in for vtk.js's mesh file readers (PLY, STL, OBJ, MTL, VTP) in the build (vite.config.ts,
 * `resolve.alias`). Cornerstone imports them for surfaces and meshes (its Mesh cache class, its
 * geometry loader, the orientation marker tool), which this viewer never shows; the real readers
 * bring xmlbuilder2, @oozcitak/* and js-yaml, evaluated on every first visit. Should a later
 * feature reach one, it fails loudly here instead of drawing nothing.
 */
function unused(): never {
  throw new Error('vtk.js mesh readers are left out of this build (vite.config.ts): surfaces and meshes are not supported');
}

export default { newInstance: unused, extend: unused };
