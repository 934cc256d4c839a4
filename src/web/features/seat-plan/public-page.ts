/** The seat-plan page for the events area's route, loaded lazily as a chunk of its own (see public-viewer.ts). */
export { SeatPlanPage } from './seat-plan-page';
