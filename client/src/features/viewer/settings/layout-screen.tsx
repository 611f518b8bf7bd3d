/**
 * user/viewer/layout (spec 2 §3 layout item, §5 not_exist_layout_modality, §9 default 2x2 / 1x1):
 * the grids a study opens with when no protocol fits, and the hanging protocols, top to bottom:
 * modality and body part, the series and image grids, which series come first (list order or
 * most images), and the view each cell takes by its series description (`R CC, L CC, R MLO, L MLO`).
 */
import { observer } from 'mobx-react-lite';
import { defineMessages, useIntl } from 'react-intl';
import {
  defaultSettings,
  IMAGE_LAYOUTS,
  LAYOUT_ORDERS,
  VIEW_MATCHES,
  LAYOUT_TEXT_MAX_LENGTH,
  SERIES_LAYOUTS,
  type LayoutForModality,
} from '@pacs/common';
import { ListEditor, SelectCell, TextCell } from '../../../components/list-editor.tsx';
import { ViewerSettingsPage } from './viewer-settings-page.tsx';
import { modalityOptions, storedViewer, useViewerDraft, type ViewerNode } from './use-viewer-draft.ts';
import './viewer-settings.css';

const M = defineMessages({
  title: { id: 'viewer_settings.layout_title' },
  description: { id: 'viewer_settings.layout_description' },
  defaults: { id: 'viewer_settings.layout_defaults' },
  series: { id: 'viewer_settings.series_grid' },
  image: { id: 'viewer_settings.image_grid' },
  protocols: { id: 'viewer_settings.protocols' },
  protocols_hint: { id: 'viewer_settings.protocols_hint' },
  protocols_hint_attributes: { id: 'viewer_settings.protocols_hint_attributes' },
  modality: { id: 'columns.modality' },
  body_part: { id: 'columns.body_part_examined' },
  any: { id: 'viewer_settings.any' },
  order: { id: 'viewer_settings.order' },
  series_number: { id: 'viewer_settings.order_series_number' },
  largest: { id: 'viewer_settings.order_largest' },
  views: { id: 'viewer_settings.views' },
  view_match: { id: 'viewer_settings.view_match' },
  attributes: { id: 'viewer_settings.view_match_attributes' },
  description_only: { id: 'viewer_settings.view_match_description' },
});

type Draft = { layout: ViewerNode['layout'] };

/** A protocol with every member, as the table edits it. */
function full(item: LayoutForModality): Required<LayoutForModality> {
  return { body_part: '', order: 'series_number', views: [], view_match: 'attributes', ...item };
}

function pick(viewer: ViewerNode): Draft {
  return { layout: { ...viewer.layout, modality: viewer.layout.modality.map(full) } };
}

const grids = (keys: readonly string[]) => keys.map((key) => ({ value: key, label: key.replace('x', ' × ') }));

export const UserViewerLayoutScreen = observer(function UserViewerLayoutScreen() {
  const intl = useIntl();
  const t = (descriptor: { id: string }) => intl.formatMessage(descriptor);
  const page = useViewerDraft<Draft>(() => pick(storedViewer()));
  const { draft, setDraft, invalid } = page;
  const layout = draft.layout;
  const setLayout = (patch: Partial<Draft['layout']>) => setDraft({ layout: { ...layout, ...patch } });
  const used = layout.modality.map((item) => item.modality);
  const modalities = modalityOptions(used).map((key) => ({ value: key, label: key }));
  const at = (item: LayoutForModality, member: string) => `layout.modality.${layout.modality.indexOf(item)}.${member}`;

  return (
    <ViewerSettingsPage
      title={M.title}
      description={M.description}
      page={page}
      labels={{ modality: t(M.modality), body_part: t(M.body_part), series: t(M.series), image: t(M.image), views: t(M.views) }}
      onReset={() => setDraft(pick(defaultSettings().viewer))}
    >
      <fieldset className="fieldset viewer-settings-grid">
        <legend>{t(M.defaults)}</legend>
        <label className="field">
          <span className="field-label">{t(M.series)}</span>
          <SelectCell
            label={t(M.series)}
            value={layout.series}
            options={grids(SERIES_LAYOUTS)}
            onChange={(series) => setLayout({ series })}
          />
        </label>
        <label className="field">
          <span className="field-label">{t(M.image)}</span>
          <SelectCell label={t(M.image)} value={layout.image} options={grids(IMAGE_LAYOUTS)} onChange={(image) => setLayout({ image })} />
        </label>
      </fieldset>
      <ListEditor<LayoutForModality>
        kind="protocols"
        title={t(M.protocols)}
        hint={`${t(M.protocols_hint)} ${t(M.protocols_hint_attributes)}`}
        noVisibility
        items={layout.modality}
        onChange={(modality) => setLayout({ modality })}
        // A new protocol takes the first modality without one (not_exist_modality), else the first.
        newItem={() =>
          full({ modality: modalities.find((option) => !used.includes(option.value))?.value ?? 'CT', series: '1x1', image: '1x1' })
        }
        isInvalid={(index) => invalid(`layout.modality.${index}`)}
        columns={[
          {
            header: t(M.modality),
            className: 'viewer-settings-col-modality',
            render: (item, change) => (
              <SelectCell
                label={t(M.modality)}
                value={item.modality}
                options={modalities}
                invalid={invalid(at(item, 'modality'))}
                onChange={(modality) => change({ modality })}
              />
            ),
          },
          {
            header: t(M.body_part),
            className: 'viewer-settings-col-text',
            render: (item, change) => (
              <TextCell
                label={t(M.body_part)}
                value={item.body_part ?? ''}
                placeholder={t(M.any)}
                maxLength={LAYOUT_TEXT_MAX_LENGTH}
                invalid={invalid(at(item, 'body_part'))}
                onChange={(body_part) => change({ body_part: body_part.toUpperCase() })}
              />
            ),
          },
          {
            header: t(M.series),
            className: 'viewer-settings-col-grid',
            render: (item, change) => (
              <SelectCell
                label={t(M.series)}
                value={item.series}
                options={grids(SERIES_LAYOUTS)}
                invalid={invalid(at(item, 'series'))}
                onChange={(series) => change({ series })}
              />
            ),
          },
          {
            header: t(M.image),
            className: 'viewer-settings-col-grid',
            render: (item, change) => (
              <SelectCell
                label={t(M.image)}
                value={item.image}
                options={grids(IMAGE_LAYOUTS)}
                invalid={invalid(at(item, 'image'))}
                onChange={(image) => change({ image })}
              />
            ),
          },
          {
            header: t(M.order),
            className: 'viewer-settings-col-order',
            render: (item, change) => (
              <SelectCell
                label={t(M.order)}
                value={item.order ?? 'series_number'}
                options={LAYOUT_ORDERS.map((key) => ({ value: key, label: t(M[key]) }))}
                onChange={(order) => change({ order: order as LayoutForModality['order'] })}
              />
            ),
          },
          {
            header: t(M.views),
            className: 'viewer-settings-col-views',
            render: (item, change) => (
              <TextCell
                label={t(M.views)}
                value={(item.views ?? []).join(', ')}
                invalid={invalid(at(item, 'views'))}
                onChange={(text) => change({ views: text === '' ? [] : text.split(',').map((view) => view.trimStart()) })}
              />
            ),
          },
          {
            header: t(M.view_match),
            className: 'viewer-settings-col-view-match',
            render: (item, change) => (
              <SelectCell
                label={t(M.view_match)}
                value={item.view_match ?? 'attributes'}
                options={VIEW_MATCHES.map((key) => ({ value: key, label: t(key === 'attributes' ? M.attributes : M.description_only) }))}
                onChange={(match) => change({ view_match: match as LayoutForModality['view_match'] })}
              />
            ),
          },
        ]}
      />
    </ViewerSettingsPage>
  );
});
