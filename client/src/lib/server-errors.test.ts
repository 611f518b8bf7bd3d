import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { ERRORS } from '@pacs/common';
import { ApiError } from './api-error.ts';
import { ENGLISH } from '../i18n/messages.ts';
import { dialogFailure } from './server-errors.ts';

const intl = createIntl({ locale: 'en', messages: { ...ENGLISH, 'errors.not_last_master': 'Master muss bleiben' } });

describe('dialogFailure', () => {
  it('puts 400 field messages next to known fields and reads out the rest', () => {
    const error = new ApiError(400, { status: 400, code: 'validation_failed', message: 'x', fields: { Id: 'bad id', Other: 'odd' } }, 'x');
    expect(dialogFailure(error, ['Id'], intl)).toEqual({ fields: { Id: 'bad id' }, message: 'odd' });
    expect(dialogFailure(error, ['Id', 'Other'], intl)).toEqual({ fields: { Id: 'bad id', Other: 'odd' } });
  });

  it('reads out 409 answers, translating catalogue texts and keeping specific ones', () => {
    const master = new ApiError(
      409,
      { status: 409, code: 'not_last_master', message: ERRORS.not_last_master.message, fields: { Role: 'x' } },
      '',
    );
    expect(dialogFailure(master, ['Role'], intl)).toEqual({ fields: {}, message: 'Master muss bleiben' });
    const specific = 'The role still has accounts; move them to another role first.';
    const conflict = new ApiError(409, { status: 409, code: 'conflict', message: specific }, specific);
    expect(dialogFailure(conflict, [], intl)).toEqual({ fields: {}, message: specific });
  });

  it('leaves sign-in, limit, server and network failures to the app', () => {
    expect(dialogFailure(new ApiError(401, null, ''), [], intl)).toBeNull();
    expect(dialogFailure(new ApiError(500, null, ''), [], intl)).toBeNull();
    expect(dialogFailure(ApiError.network(new Error('down')), [], intl)).toBeNull();
  });
});
