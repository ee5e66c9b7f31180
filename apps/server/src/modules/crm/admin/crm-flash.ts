/** The CRM's flash messages (the player list, segments, notes, tags, flags, bulk actions): codes only. */
import type { TFlashMessages } from '../../backoffice/index.ts';

export const CRM_FLASH: TFlashMessages = {
  ok: {
    segment_saved: 'Segment saved: it is in the list of segments above the filters.',
    segment_deleted: 'Segment deleted.',
    note_added: 'Note added.',
    tagged: 'Tag added.',
    untagged: 'Tag removed.',
    flagged: 'Risk flag set.',
    unflagged: 'Risk flag cleared.',
    bulk_tagged: 'Tag given to the players of the segment who did not have it.',
    bulk_bonus: 'Bonus granted to the players of the segment (those who may not get one now were skipped).',
    bulk_bonus_requested:
      'Over your limit: each player’s grant waits for a second operator’s approval (Approvals).',
    bulk_messaged:
      'Message sent to the players of the segment who may get marketing (subscribed, confirmed contact, no time-out or exclusion).',
  },
  errors: {
    segment_name_requiredField: 'Give the segment a name.',
    segment_name_maxLength: 'The name is too long (80 characters at most).',
    segment_name_taken: 'A segment of that name exists already.',
    segment_inUse:
      'A deposit offer, popup, bonus template or home banner is targeted at this segment: retire it or choose another segment first.',
    filter_requiredField: 'Choose at least one filter first: a segment is a narrower set than every player.',
    filter_tooMany: 'The segment holds more than 10,000 players: narrow the filter for a bulk action.',
    note_requiredField: 'Write the note first.',
    note_maxLength: 'The note is too long (2,000 characters at most).',
    tag_requiredField: 'Enter a tag.',
    tag_wrongField: 'A tag is one short word: letters, digits, - and _ (40 at most).',
    add_tag_wrongField: 'A tag is one short word: letters, digits, - and _ (40 at most).',
    flag_wrongField: 'Choose one of the risk flags.',
    flag_notSet: 'That flag is not set on the player.',
    subject_requiredField: 'Give the message a subject.',
    message_requiredField: 'Write the message.',
    message_maxLength: 'The message is too long (2,000 characters at most).',
    channel_wrongField: 'Choose e-mail or SMS.',
    bonus_template_requiredField: 'Choose a bonus template.',
    bonus_template_wrongField: 'Choose an active bonus template.',
    filter_empty: 'No player matches this filter: nothing to grant.',
    filter_tooManyForBonus: 'A segment’s bonus goes to 1,000 players at most: narrow the filter.',
  },
};
