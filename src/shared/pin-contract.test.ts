import { PIN_MESSAGES, pinProblem } from './pin-contract';

describe('which PINs are refused', () => {
  it.each(['0000', '1111', '999999', '1234', '4321', '0123', '987654', '1212', '121212', '123123', '2580'])('refuses the trivial %s', (pin) => {
    expect(pinProblem(pin)).toBe(PIN_MESSAGES.trivial);
  });

  it.each(['123', '1234567', '12a4', '', ' 4826'])('refuses %j as not 4–6 digits', (pin) => {
    expect(pinProblem(pin)).toBe(PIN_MESSAGES.format);
  });

  it.each(['4826', '3907', '27491', '518274', '1235'])('takes %s', (pin) => {
    expect(pinProblem(pin)).toBeNull();
  });
});
