-- The site's own images (spec 2 §7 "Product image"): header logos for light and dark bars, favicon.
create table product_images (
  name text primary key check (name in ('logo_small_light', 'logo_small_dark', 'favicon')),
  content_type text not null check (content_type in ('image/png', 'image/jpeg')),
  data bytea not null,
  updated_at timestamptz not null default now()
);
