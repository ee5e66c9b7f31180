-- Whose KYC decision counts when Sumsub is configured (docs/decisions/073-kyc-override-of-sumsub.md).
-- Every decision in a player's history says where it came from: an operator, or Sumsub (with its review answer,
-- reject type and labels). An operator's decision on a case Sumsub manages is an override: it needs a reason, and
-- until the player submits again (Sumsub's applicantPending) later Sumsub answers are recorded but not applied.
alter table kyc_decisions add column source text not null default 'operator' check (source in ('operator', 'sumsub'));
-- An operator's decision that overrode Sumsub (source 'operator' on a Sumsub case).
alter table kyc_decisions add column override boolean not null default false;
-- false: Sumsub's answer arrived after an operator's override and did not change the player's status.
alter table kyc_decisions add column applied boolean not null default true;
alter table kyc_decisions add column review_answer text check (review_answer in ('GREEN', 'RED'));
alter table kyc_decisions add column reject_type text check (reject_type in ('final', 'retry'));
alter table kyc_decisions add column reject_labels text[];
-- A new submission at Sumsub (applicantPending) is in the history too: it starts a new review.
alter table kyc_decisions drop constraint kyc_decisions_decision_check;
alter table kyc_decisions add constraint kyc_decisions_decision_check
  check (decision in ('accepted', 'rejected', 'verified', 'on_verification'));

-- The operator's override on the applicant: while set, Sumsub's answers do not change the status.
alter table kyc_applicants add column overridden_at timestamptz;
alter table kyc_applicants add column overridden_by text;
