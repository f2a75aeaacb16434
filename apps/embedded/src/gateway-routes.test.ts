import { GATEWAY_ROUTES } from './gateway-routes';

describe('the gateway routing table', () => {
  it("takes each route's example by that route, so probing the examples reaches every route", () => {
    const firstMatch = GATEWAY_ROUTES.map((route) => GATEWAY_ROUTES.findIndex((r) => r.matches(route.example)));
    expect(firstMatch).toEqual(GATEWAY_ROUTES.map((_, index) => index));
  });
});
