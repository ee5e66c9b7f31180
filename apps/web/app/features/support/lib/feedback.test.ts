import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/client';
import { feedbackFailure, MESSAGE_MAX, validateFeedback } from './feedback';

describe('feedback form rules', () => {
  it('asks a visitor for an e-mail and a message, a player for the message only', () => {
    expect(validateFeedback({ email: '', message: ' ' }, false)).toEqual({
      email: 'insertEmailAddress',
      message: 'requiredField',
    });
    expect(validateFeedback({ email: '', message: 'Hi' }, true)).toEqual({});
    expect(validateFeedback({ email: 'nope', message: 'Hi' }, true)).toEqual({ email: 'wrongEmailAddress' });
    expect(validateFeedback({ email: 'a@b.co', message: 'x'.repeat(MESSAGE_MAX + 1) }, false)).toEqual({
      message: 'maxLength',
    });
  });

  it('maps the server refusals: field codes, the rate limit, anything else', () => {
    const invalid = new ApiError(
      'InvalidParameterException',
      { invalid_parameters: { email: 'wrongEmailAddress' } },
      400,
    );
    expect(feedbackFailure(invalid)).toEqual({ kind: 'fields', errors: { email: 'wrongEmailAddress' } });
    expect(feedbackFailure(new ApiError('TooManyRequestsException', {}, 429))).toEqual({ kind: 'tooMany' });
    expect(feedbackFailure(new Error('offline'))).toEqual({ kind: 'failed' });
  });
});
