import { useField } from 'formik';
import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { sessionStore } from '../../../state/index.ts';
import { useAeTitles } from '../../studies/index.ts';
import { useInstitutionNames } from '../../studies/index.ts';
import { TARGET_LIST_LABELS } from '../messages.ts';
import { DICOM_MODALITIES, targetsSummary } from '../targets.ts';
import { TARGET_LISTS, type TargetList, type Targets } from '../types.ts';
import { TagListField } from './tag-list-field.tsx';

/** Modalities to suggest: the configured list, or the common DICOM codes. */
function useModalitySuggestions(): string[] {
  const configured = sessionStore.configs?.modality.items.map((item) => item.key) ?? [];
  return configured.length > 0 ? configured : [...DICOM_MODALITIES];
}

/** Which studies an institution or a role reaches: all, or those matching the named lists. */
export const TargetsEditor = observer(function TargetsEditor({ name }: { name: string }) {
  const intl = useIntl();
  const id = useId();
  const [field, , helpers] = useField<Targets>(name);
  const targets = field.value;
  const aeTitles = useAeTitles();
  const institutionNames = useInstitutionNames();
  const modalities = useModalitySuggestions();
  const suggestions: Record<TargetList, readonly string[]> = {
    AETitle: aeTitles.data ?? [],
    InstitutionName: institutionNames.data ?? [],
    Modality: modalities,
  };
  const update = (change: Partial<Targets>) => void helpers.setValue({ ...targets, ...change });

  return (
    <fieldset className="fieldset targets-editor">
      <legend>
        <FormattedMessage id="accounts_admin.targets.title" />
      </legend>
      <div className="field field-checkbox">
        <input
          id={`${id}-all`}
          type="checkbox"
          role="switch"
          className="checkbox"
          checked={targets.All}
          onChange={(event) => update({ All: event.target.checked })}
        />
        <label htmlFor={`${id}-all`}>
          <FormattedMessage id="accounts_admin.targets.all" />
        </label>
      </div>
      {!targets.All && (
        <div className="targets-lists">
          {TARGET_LISTS.map((list) => (
            <TagListField
              key={list}
              list={list}
              label={intl.formatMessage(TARGET_LIST_LABELS[list])}
              tags={targets[list]}
              suggestions={suggestions[list]}
              onChange={(tags) => update({ [list]: tags })}
            />
          ))}
        </div>
      )}
      <p className="targets-summary" aria-live="polite">
        {targetsSummary(targets, intl)}
      </p>
    </fieldset>
  );
});
