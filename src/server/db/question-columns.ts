import { columnOf } from './prepared';
import { questions } from './schema';

/** A question as a test or a review card shows it (stem, options, exhibit, its Spanish), read through `alias`. */
export function shownQuestionColumns(alias: string) {
  return {
    question_text: columnOf(alias, questions.questionText),
    option_a: columnOf(alias, questions.optionA),
    option_b: columnOf(alias, questions.optionB),
    option_c: columnOf(alias, questions.optionC),
    option_d: columnOf(alias, questions.optionD),
    exhibit: columnOf(alias, questions.exhibit),
    es: columnOf(alias, questions.es),
  };
}
