/** The self-assessment quiz: answers stay in this page; the result names the risk and what to do. */
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n-lite';
import {
  ANSWERS,
  assessmentScore,
  isComplete,
  QUESTIONS,
  riskOf,
  type TAnswer,
} from './self-assessment-score';

const ANSWER_TEXT: Record<TAnswer, [string, string]> = {
  never: ['support.safer.answers.never', 'Never'],
  sometimes: ['support.safer.answers.sometimes', 'Sometimes'],
  often: ['support.safer.answers.often', 'Most of the time'],
  always: ['support.safer.answers.always', 'Almost always'],
};

const QUESTION_TEXT: Record<(typeof QUESTIONS)[number], [string, string]> = {
  q1: ['support.safer.quiz.q1', 'Have you bet more than you could really afford to lose?'],
  q2: ['support.safer.quiz.q2', 'Have you needed to gamble with larger amounts to get the same excitement?'],
  q3: ['support.safer.quiz.q3', 'Have you gone back another day to try to win back money you lost?'],
  q4: ['support.safer.quiz.q4', 'Have you borrowed money or sold anything to get money to gamble?'],
  q5: ['support.safer.quiz.q5', 'Have you felt that you might have a problem with gambling?'],
  q6: ['support.safer.quiz.q6', 'Has gambling caused you any health problems, including stress or anxiety?'],
  q7: [
    'support.safer.quiz.q7',
    'Have people criticised your betting or told you that you had a gambling problem?',
  ],
  q8: ['support.safer.quiz.q8', 'Has your gambling caused any financial problems for you or your household?'],
  q9: [
    'support.safer.quiz.q9',
    'Have you felt guilty about the way you gamble or what happens when you gamble?',
  ],
};

const RESULT_TEXT = {
  low: ['support.safer.result.low', 'Your answers show little or no risk. Keep using limits to keep it so.'],
  moderate: [
    'support.safer.result.moderate',
    'Your answers show some risk. Consider setting limits and talking to someone you trust.',
  ],
  high: [
    'support.safer.result.high',
    'Your answers show a high risk of harm. Please consider a self-exclusion and contact a help organisation below.',
  ],
} as const;

export function SelfAssessment() {
  const { t } = useTranslation();
  const [answers, setAnswers] = useState<Partial<Record<string, TAnswer>>>({});
  const [shown, setShown] = useState(false);
  const score = assessmentScore(answers);
  const risk = riskOf(score);
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        setShown(true);
      }}
      data-testid="self-assessment"
    >
      <ol className="flex flex-col gap-4">
        {QUESTIONS.map((q, index) => (
          <li key={q}>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 text-sm font-semibold text-[var(--text-strong)]">
                {index + 1}. {t(QUESTION_TEXT[q][0], { defaultValue: QUESTION_TEXT[q][1] })}
              </legend>
              <div className="flex flex-wrap gap-2">
                {ANSWERS.map((answer) => (
                  <label
                    key={answer}
                    className="flex cursor-pointer items-center gap-2 rounded-lg border border-[var(--line)] px-3 py-2 text-sm has-[:checked]:border-[var(--accent)] has-[:checked]:text-[var(--text-strong)]"
                  >
                    <input
                      type="radio"
                      name={q}
                      value={answer}
                      checked={answers[q] === answer}
                      onChange={() => {
                        setAnswers((a) => ({ ...a, [q]: answer }));
                        setShown(false);
                      }}
                    />
                    {t(ANSWER_TEXT[answer][0], { defaultValue: ANSWER_TEXT[answer][1] })}
                  </label>
                ))}
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <button type="submit" className="btn btn-primary self-start" disabled={!isComplete(answers)}>
        {t('support.safer.score', { defaultValue: 'See my result' })}
      </button>
      {shown && (
        <div role="status" className="card p-4" data-testid="assessment-result" data-risk={risk}>
          <p className="font-semibold text-[var(--text-strong)]">
            {t('support.safer.scoreLabel', { score, defaultValue: 'Score: {score} of 27' })}
          </p>
          <p className="mt-1 text-sm text-[var(--text-muted)]">
            {t(RESULT_TEXT[risk][0], { defaultValue: RESULT_TEXT[risk][1] })}
          </p>
        </div>
      )}
    </form>
  );
}
