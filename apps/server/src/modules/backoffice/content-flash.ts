/** The flash messages of the content screens (flash.ts shows them; codes only, never free text). */

export const CONTENT_OK: Record<string, string> = {
  page_saved: 'Page saved. The site shows it at once.',
  page_created: 'Page created. Write its text, then save.',
  page_hidden: 'Page hidden: the site answers “not found” for it in every language.',
  page_shown: 'Page shown again in every language it has.',
  image_uploaded: 'Image uploaded: copy its Markdown below into the page.',
  translation_saved: 'Translation saved. The site shows it within 10 seconds.',
  translation_removed: 'Override removed: the text of the language file shows again within 10 seconds.',
  faq_saved: 'FAQ saved. The support page shows it within 10 seconds.',
};

export const CONTENT_ERRORS: Record<string, string> = {
  slug_wrongField:
    'A page address is 1 to 63 lowercase letters, digits and dashes, starting with a letter or digit.',
  slug_taken: 'A page with that address already exists: edit it instead.',
  page_notFound: 'There is no such page: nothing changed.',
  locale_wrongField: 'There is no such language.',
  key_notFound: 'There is no such message key in English: nothing changed.',
  value_requiredField: 'Enter the text (remove the override to go back to the language file).',
  value_maxLength: 'The text is too long (5,000 characters at most).',
  value_placeholders: 'The text must keep exactly the placeholders of the English message.',
  title_requiredField: 'Give the page a title.',
  title_maxLength: 'The title is too long (200 characters at most).',
  description_maxLength: 'The description is too long (500 characters at most).',
  body_maxLength: 'The page is too long (100,000 characters at most).',
  question_requiredField: 'Write the question.',
  question_maxLength: 'The question is too long (300 characters at most).',
  answer_requiredField: 'Write the answer.',
  answer_maxLength: 'The answer is too long (5,000 characters at most).',
  faq_maxItems: 'The FAQ holds 100 questions at most.',
  faq_notFound: 'There is no such question: nothing changed.',
  id_wrongField: 'That question’s id is not valid.',
  image_requiredField: 'Choose an image file to upload.',
  image_wrongType: 'Only PNG, JPEG, GIF and WebP images can be uploaded (checked by their content).',
  image_maxSize: 'The image is too large (5 MB at most).',
};
