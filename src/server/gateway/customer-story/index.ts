/** A customer's story (the customer page's timeline and figures), as the gateway uses it: its route. */
export { registerCustomerStoryRoutes } from './customer-story-routes';
