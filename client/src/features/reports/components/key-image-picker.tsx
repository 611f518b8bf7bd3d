/** The study's key images as thumbnails; the checked ones go with the saved document, in this order. */
import { FormattedMessage, useIntl } from 'react-intl';
import { keyImageUrl } from '../api/get-key-images.ts';
import type { KeyImage } from '../types.ts';

export interface KeyImagePickerProps {
  studyInstanceUid: string;
  images: readonly KeyImage[];
  selected: readonly number[];
  readOnly: boolean;
  onToggle: (no: number) => void;
}

export function KeyImagePicker({ studyInstanceUid, images, selected, readOnly, onToggle }: KeyImagePickerProps) {
  const intl = useIntl();
  return (
    <section className="report-panel" aria-labelledby="report-key-images-title">
      <h2 id="report-key-images-title" className="report-panel-title">
        <FormattedMessage id="reports.key_images.title" />
        {images.length > 0 && (
          <span className="report-panel-count">
            {intl.formatMessage({ id: 'reports.key_images.selected' }, { count: selected.length, total: images.length })}
          </span>
        )}
      </h2>
      {images.length === 0 ? (
        <p className="muted report-panel-empty">
          <FormattedMessage id="reports.key_images.none" />
        </p>
      ) : (
        <ul className="key-image-grid">
          {images.map((image, index) => {
            const checked = selected.includes(image.No);
            return (
              <li key={image.No}>
                <label className={`key-image${checked ? ' is-selected' : ''}`}>
                  <input
                    type="checkbox"
                    className="key-image-check"
                    checked={checked}
                    disabled={readOnly}
                    onChange={() => onToggle(image.No)}
                  />
                  <img
                    src={keyImageUrl(studyInstanceUid, image)}
                    alt={intl.formatMessage({ id: 'reports.key_images.image' }, { number: index + 1 })}
                    loading="lazy"
                  />
                  <span className="key-image-number">{index + 1}</span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
