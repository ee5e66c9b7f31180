/** The flash messages of the FAQ screen: codes only, never free text. */
import type { TFlashMessages } from '../../backoffice/index.ts';

const FAQ_OK: Record<string, string> = {
  faq_saved: 'FAQ saved. The support page shows it within 10 seconds.',
};

const FAQ_ERRORS: Record<string, string> = {
  question_requiredField: 'Write the question.',
  question_maxLength: 'The question is too long (300 characters at most).',
  answer_requiredField: 'Write the answer.',
  answer_maxLength: 'The answer is too long (5,000 characters at most).',
  faq_maxItems: 'The FAQ holds 100 questions at most.',
  faq_notFound: 'There is no such question: nothing changed.',
  id_wrongField: 'That question’s id is not valid.',
};

export const FAQ_FLASH: TFlashMessages = { ok: FAQ_OK, errors: FAQ_ERRORS, under: '/admin/content' };
