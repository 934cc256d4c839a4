import { defineMessages, useMessages } from './i18n';

const messages = defineMessages(
  {
    required: 'Vul dit in',
    tooLong: 'Maximaal {max} tekens',
    atLeast: 'Minstens {min}',
    atMost: 'Hoogstens {max}',
    wholeNumber: 'Een heel getal',
    number: 'Vul een getal in',
  },
  {
    required: 'Fill this in',
    tooLong: 'At most {max} characters',
    atLeast: 'At least {min}',
    atMost: 'At most {max}',
    wholeNumber: 'A whole number',
    number: 'Enter a number',
  },
);

const AT_MOST_CHARACTERS = /^At most (\d+) characters$/;
/** zod's own range texts ("Too small: expected number to be >=1"). */
const TOO_SMALL = /^Too small: expected number to be >=?(-?[\d.]+)$/;
const TOO_BIG = /^Too big: expected number to be <=?(-?[\d.]+)$/;

/**
 * The sentences src/contract's schemas share, in the reader's language: `Required`, `At most N characters` and
 * zod's number ranges. A form's own sentences go first (its feature's mapping); what neither knows is shown as
 * it came.
 */
export function useContractMessage(): (message: string) => string {
  const t = useMessages(messages);
  return (message) => {
    if (message === 'Required') return t('required');
    if (message === 'Invalid input: expected int, received number') return t('wholeNumber');
    if (message === 'Invalid input: expected number, received string') return t('number');
    const characters = AT_MOST_CHARACTERS.exec(message);
    if (characters) return t('tooLong', { max: Number(characters[1]) });
    const small = TOO_SMALL.exec(message);
    if (small) return t('atLeast', { min: Number(small[1]) });
    const big = TOO_BIG.exec(message);
    if (big) return t('atMost', { max: Number(big[1]) });
    return message;
  };
}
