/**
 * The self-assessment: nine questions of the Problem Gambling Severity Index, each answered never (0) to almost
 * always (3); the total reads as low (0–2), moderate (3–7) or high (8+) risk.
 */
export const QUESTIONS = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7', 'q8', 'q9'] as const;
export const ANSWERS = ['never', 'sometimes', 'often', 'always'] as const;
export type TAnswer = (typeof ANSWERS)[number];
export type TRisk = 'low' | 'moderate' | 'high';

export const assessmentScore = (answers: Partial<Record<string, TAnswer>>) =>
  QUESTIONS.reduce((sum, q) => sum + (answers[q] ? ANSWERS.indexOf(answers[q]) : 0), 0);

export const riskOf = (score: number): TRisk => (score >= 8 ? 'high' : score >= 3 ? 'moderate' : 'low');

export const isComplete = (answers: Partial<Record<string, TAnswer>>) => QUESTIONS.every((q) => answers[q]);
