/** Message descriptors of the patient screens looked up by a key (match types, sexes, search fields). */
import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { MatchType } from '@pacs/common';

export const MATCH_TYPE_LABELS: Record<MatchType, MessageDescriptor> = defineMessages({
  partial: { id: 'patients.search.match_types.partial' },
  perfect: { id: 'patients.search.match_types.perfect' },
  forward: { id: 'patients.search.match_types.forward' },
  backward: { id: 'patients.search.match_types.backward' },
});

export const SEX_LABELS: Record<'' | 'M' | 'F' | 'O', MessageDescriptor> = defineMessages({
  '': { id: 'patients.sex.none' },
  M: { id: 'patients.sex.male' },
  F: { id: 'patients.sex.female' },
  O: { id: 'patients.sex.other' },
});

export const SEARCH_KEY_LABELS = defineMessages({
  PatientID: { id: 'patients.fields.id' },
  PatientName: { id: 'patients.fields.name' },
});
