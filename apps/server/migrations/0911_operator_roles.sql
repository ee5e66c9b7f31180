-- Back-office roles of issue 17: marketing, content editor and a read-only auditor beside admin, finance, support.
alter table operators drop constraint operators_role_check;
alter table operators add constraint operators_role_check
  check (role in ('admin', 'finance', 'support', 'marketing', 'content_editor', 'auditor'));
