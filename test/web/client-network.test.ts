import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clientNetwork } from '../../src/web/client-network.ts';

describe('the network an address counts as in the per-address limits', () => {
  it('keeps IPv4, unwraps mapped IPv4, and takes an IPv6 address’s /64 however it is written', () => {
    assert.equal(clientNetwork('192.0.2.7'), '192.0.2.7');
    assert.equal(clientNetwork('::ffff:192.0.2.7'), '192.0.2.7');
    for (const address of ['2001:db8:1:2::1', '2001:0db8:0001:0002:ffff:0:0:9', '2001:db8:1:2:a:b:c:d']) {
      assert.equal(clientNetwork(address), '2001:db8:1:2::/64', address);
    }
    assert.equal(clientNetwork('2001:db8::1'), '2001:db8:0:0::/64');
    assert.equal(clientNetwork('::1'), '0:0:0:0::/64');
    assert.notEqual(clientNetwork('2001:db8:1:3::1'), clientNetwork('2001:db8:1:2::1'));
  });
});
