/**
 * The box office's side of the buyer's screen: publishing the sale. An entry of its own, so the box office's
 * chunk takes in nothing of the screens' settings.
 */
export { usePublishedScreen } from './use-published-screen';
