import { ControllerContainer } from './controller-container';

class LinksController {
  constructor(readonly deps: { createLink: () => string }) {}
}
class ChannelsController {}

describe('ControllerContainer', () => {
  it('builds a fresh controller per request from the registered factory', () => {
    const deps = { createLink: () => 'l1' };
    const container = new ControllerContainer().register(LinksController, () => new LinksController(deps));
    const first = container.get<LinksController>(LinksController);
    const second = container.get<LinksController>(LinksController);
    expect(first.deps).toBe(deps);
    expect(first).not.toBe(second);
  });

  it('names the controller that was never registered', () => {
    expect(() => new ControllerContainer().get(ChannelsController)).toThrow(/ChannelsController is not registered/);
  });

  it('refuses registering a controller twice', () => {
    const container = new ControllerContainer().register(ChannelsController, () => new ChannelsController());
    expect(() => container.register(ChannelsController, () => new ChannelsController())).toThrow(/registered twice/);
  });
});
