/** Every SQL statement of the product images (header logos, favicon). */
import type { Db } from '../../db/pool.ts';

export async function selectProductImages(db: Db): Promise<{ name: string; updated_at: Date }[]> {
  const { rows } = await db.query<{ name: string; updated_at: Date }>('select name, updated_at from product_images order by name');
  return rows;
}

export async function selectProductImageFile(
  db: Db,
  name: string,
): Promise<{ content_type: string; data: Buffer; updated_at: Date } | undefined> {
  const { rows } = await db.query<{ content_type: string; data: Buffer; updated_at: Date }>(
    'select content_type, data, updated_at from product_images where name = $1',
    [name],
  );
  return rows[0];
}

export async function upsertProductImage(db: Db, name: string, contentType: string, data: Buffer): Promise<Date> {
  const { rows } = await db.query<{ updated_at: Date }>(
    `insert into product_images (name, content_type, data) values ($1, $2, $3)
     on conflict (name) do update set content_type = excluded.content_type, data = excluded.data, updated_at = clock_timestamp()
     returning updated_at`,
    [name, contentType, data],
  );
  return rows[0]!.updated_at;
}

/** Answers whether an image went. */
export async function deleteProductImage(db: Db, name: string): Promise<boolean> {
  const { rowCount } = await db.query('delete from product_images where name = $1', [name]);
  return (rowCount ?? 0) > 0;
}
