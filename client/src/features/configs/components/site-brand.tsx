/**
 * The header's brand (spec 1 §2, spec 2 §3 header_logo): the site's uploaded logo — the one for
 * light bars, or for dark bars on the viewer — or the product's own mark, and beside it the
 * configured text, the product name, or nothing when the site chose a logo without text. The
 * favicon follows the site's upload too. Both are read before sign-in (the sign-in page shows
 * them); the text setting lives in the configs, known once signed in.
 */
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Logo } from '../../../components/icons.tsx';
import { sessionStore, uiStore } from '../../../state/index.ts';
import { productImageUrl, useProductImages } from '../api/product-images.ts';

export const SiteBrand = observer(function SiteBrand({ productName }: { productName: string }) {
  const images = useProductImages();
  const dark = uiStore.theme === 'dark';
  const logo =
    productImageUrl(images.data, dark ? 'logo_small_dark' : 'logo_small_light') ?? productImageUrl(images.data, 'logo_small_light');
  const header = sessionStore.configs?.header_logo;
  const text = header?.no_text ? '' : header?.text.trim() || productName;
  return (
    <>
      {logo ? <img className="brand-logo" src={logo} alt="" /> : <Logo />}
      {text && <span className="brand-name">{text}</span>}
    </>
  );
});

/** Points the page's icon at the site's favicon while one is uploaded. */
export function useSiteFavicon(): void {
  const images = useProductImages();
  const favicon = productImageUrl(images.data, 'favicon');
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) return;
    const original = link.dataset.original ?? link.href;
    link.dataset.original = original;
    link.type = favicon ? '' : 'image/svg+xml';
    link.href = favicon ?? original;
  }, [favicon]);
}
