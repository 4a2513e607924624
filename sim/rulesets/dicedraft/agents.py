"""Dicedraft play agents, chosen by integer code (constants.Agent).

- random: uniform over the legal choices at each decision.
- greedy: a one-step evaluation of each choice with the weights in `w[side]` (constants.Weight),
  which a sweep can tune.

Hidden information (invariant 4): an agent reads its own cards, the opponent's face-up cards and
public counts. An opponent's face-down card on the table is read only as "a card", valued at the
average character of the opponent's faction pool (the pools are public); its identity is never read.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.rng import Purpose, below
from sim.rulesets.dicedraft.constants import Agent, Boost, Field, Kind, Param, Seen, Weight, Zone
from sim.rulesets.dicedraft.fights import fight_score
from sim.rulesets.dicedraft.state import (
    CS_ENTERED, CS_FLAGS, CS_ZONE, F_A0, F_A1, F_ATQ_A, F_D0, F_D1, G_TURN, GAME, PS_AGENT,
    PS_LIVES, PS_N_CARDS, is_character, stream,
)


@njit(cache=True, inline="always")
def _roll_choice(rng: np.ndarray, side: int, n: int) -> int:
    return below(rng, stream(side, Purpose.AGENT), n)


@njit(cache=True)
def can_attack(tab: np.ndarray, par: np.ndarray, cs: np.ndarray, ps: np.ndarray, side: int, card: int) -> bool:
    """A character on the table may attack, unless it was put down this turn (decision, rules.md).

    Dice cards never attack (rule D-07)."""
    if cs[side, card, CS_ZONE] != Zone.TABLE or not is_character(tab, side, card):
        return False
    return par[Param.SUMMONING_SICKNESS] == 0 or cs[side, card, CS_ENTERED] < ps[GAME, G_TURN]


@njit(cache=True)
def can_block(tab: np.ndarray, cs: np.ndarray, side: int, card: int) -> bool:
    """Any character on the table may block; dice cards never block (rule D-07)."""
    return cs[side, card, CS_ZONE] == Zone.TABLE and is_character(tab, side, card)


@njit(cache=True)
def choose_put_down(tab: np.ndarray, val: np.ndarray, cs: np.ndarray, ps: np.ndarray, rng: np.ndarray, p: int) -> int:
    """Rule D-05: the card to put face down this turn, or -1 to pass."""
    n_hand = 0
    best = -1
    for c in range(ps[p, PS_N_CARDS]):
        if cs[p, c, CS_ZONE] == Zone.HAND:
            n_hand += 1
            if best < 0 or val[p, p, c] > val[p, p, best]:
                best = c
    if n_hand == 0:
        return -1
    if ps[p, PS_AGENT] == Agent.GREEDY:
        return best
    pick = _roll_choice(rng, p, n_hand + 1)  # n_hand means: pass
    for c in range(ps[p, PS_N_CARDS]):
        if cs[p, c, CS_ZONE] == Zone.HAND:
            if pick == 0:
                return c
            pick -= 1
    return -1


@njit(cache=True)
def _pool_average(tab: np.ndarray, val: np.ndarray, viewer: int, side: int, n: int) -> tuple:
    """Mean ATQ, DEF and value of a side's pool characters: how a face-down card is pictured."""
    atq = 0.0
    dfn = 0.0
    value = 0.0
    count = 0
    for c in range(n):
        if is_character(tab, side, c):
            atq += tab[side, c, Field.ATQ]
            dfn += tab[side, c, Field.DEF]
            value += val[viewer, side, c]
            count += 1
    if count == 0:
        return 0.0, 1.0, 0.0
    return atq / count, dfn / count, value / count


@njit(cache=True)
def choose_attackers(tab: np.ndarray, val: np.ndarray, w: np.ndarray, par: np.ndarray, cs: np.ndarray,
                     ps: np.ndarray, rng: np.ndarray, p: int, out: np.ndarray) -> int:
    """Rule D-07: the characters that attack together this turn; fills `out`, returns how many."""
    n = 0
    for c in range(ps[p, PS_N_CARDS]):
        if can_attack(tab, par, cs, ps, p, c):
            out[n] = c
            n += 1
    if n == 0 or ps[p, PS_AGENT] == Agent.GREEDY:
        return _greedy_attackers(tab, val, w, cs, ps, p, out, n) if n > 0 else 0
    chosen = 0
    for i in range(n):  # uniform over all subsets of the able attackers
        if _roll_choice(rng, p, 2) == 1:
            out[chosen] = out[i]
            chosen += 1
    return chosen


@njit(cache=True, inline="always")
def _visible_blocker(tab: np.ndarray, val: np.ndarray, cs: np.ndarray, p: int, c: int, mean_atq: float,
                     mean_def: float, mean_val: float) -> tuple:
    """(is a possible blocker, ATQ, DEF, value, double block) of opposing card c as p sees it."""
    opp = 1 - p
    if cs[opp, c, CS_ZONE] != Zone.TABLE:
        return False, 0.0, 0.0, 0.0, False
    if cs[opp, c, CS_FLAGS] & Seen.REVEALED:
        if tab[opp, c, Field.KIND] != Kind.CHARACTER:
            return False, 0.0, 0.0, 0.0, False
        return (True, float(tab[opp, c, Field.ATQ]), float(tab[opp, c, Field.DEF]), val[p, opp, c],
                tab[opp, c, Field.DOUBLE_BLOCK] == 1)
    return True, mean_atq, mean_def, mean_val, False  # face down: pictured as an average character


@njit(cache=True)
def _greedy_attackers(tab: np.ndarray, val: np.ndarray, w: np.ndarray, cs: np.ndarray, ps: np.ndarray, p: int,
                      out: np.ndarray, n: int) -> int:
    """Attack with each character whose expected result is good enough.

    One step of lookahead: for each attacker, the opponent's best visible block by the same
    evaluation (exchange of values plus life saved); the attacker's result is minus that exchange,
    or the life damage when no block pays for the opponent. All-out attack when there are more
    attackers than possible blockers and the unblockable rest is lethal."""
    opp = 1 - p
    n_opp = ps[opp, PS_N_CARDS]
    mean_atq, mean_def, mean_val = _pool_average(tab, val, p, opp, n_opp)
    life = w[p, Weight.LIFE]
    block_slots = 0
    for c in range(n_opp):
        blocker, _, _, _, double_block = _visible_blocker(tab, val, cs, p, c, mean_atq, mean_def, mean_val)
        if blocker:
            block_slots += 2 if double_block else 1
    if n > block_slots:
        # the opponent can stop at most block_slots attackers: the weakest rest gets through
        through = 0
        ranked = out[:n].copy()
        for i in range(n):
            ranked[i] = tab[p, out[i], Field.ATQ]
        ranked.sort()
        for i in range(n - block_slots):
            through += ranked[i]
        if through >= ps[opp, PS_LIVES]:
            return n
    chosen = 0
    for i in range(n):
        a = out[i]
        a_atq = float(tab[p, a, Field.ATQ])
        a_def = float(tab[p, a, Field.DEF])
        a_val = val[p, p, a]
        double_attack = tab[p, a, Field.DOUBLE_ATTACK] == 1
        best_for_them = 0.0
        result = life * a_atq  # unblocked: damage to their lives
        top_atq = np.zeros(2)
        top_def = np.zeros(2)
        top_val = np.zeros(2)
        n_top = 0
        for c in range(n_opp):
            blocker, b_atq, b_def, b_val, double_block = _visible_blocker(tab, val, cs, p, c, mean_atq, mean_def, mean_val)
            if not blocker:
                continue
            if not double_attack or double_block:  # rule D-11: one normal defender cannot stop it
                exchange = (a_val if b_atq >= a_def else 0.0) - (b_val if a_atq >= b_def else 0.0)
                if exchange + life * a_atq > best_for_them:
                    best_for_them = exchange + life * a_atq
                    result = -exchange
            if double_attack:  # remember the two strongest for a two-defender block
                n_top += 1
                k = 0 if b_atq > top_atq[0] else 1
                if k == 0 or b_atq > top_atq[1]:
                    if k == 0:
                        top_atq[1], top_def[1], top_val[1] = top_atq[0], top_def[0], top_val[0]
                    top_atq[k], top_def[k], top_val[k] = b_atq, b_def, b_val
        if double_attack and n_top >= 2:
            exchange = (a_val if top_atq[0] + top_atq[1] >= a_def else 0.0)
            exchange -= (top_val[0] if a_atq >= top_def[0] else 0.0) + (top_val[1] if a_atq >= top_def[1] else 0.0)
            if exchange + life * a_atq > best_for_them:
                result = -exchange
        if result + w[p, Weight.AGGRESSION] * a_atq >= 0.0:
            out[chosen] = a
            chosen += 1
    return chosen


@njit(cache=True)
def choose_blocks(tab: np.ndarray, val: np.ndarray, w: np.ndarray, cs: np.ndarray, ps: np.ndarray,
                  rng: np.ndarray, dfn: int, attackers: np.ndarray, na: int, fights: np.ndarray,
                  blocked: np.ndarray, order: np.ndarray) -> int:
    """Rules D-08, D-10, D-11, D-12: the defender's blocks, as rows of `fights`; returns their number.

    Legal shapes: one defender on one attacker; a double blocker on one attacker or on two normal
    attackers; two defenders, dedicated to that fight, on one double attacker. A single normal
    defender cannot stop a double attacker (rule D-11)."""
    att = 1 - dfn
    for i in range(na):
        blocked[i] = 0
        order[i] = i
    greedy = ps[dfn, PS_AGENT] == Agent.GREEDY
    incoming = 0
    if greedy:
        for i in range(na):
            incoming += tab[att, attackers[i], Field.ATQ]
        # most dangerous attackers first (insertion sort: na is small)
        for i in range(1, na):
            j = i
            while j > 0 and tab[att, attackers[order[j]], Field.ATQ] > tab[att, attackers[order[j - 1]], Field.ATQ]:
                order[j], order[j - 1] = order[j - 1], order[j]
                j -= 1
    used = np.int64(0)  # defenders already in a fight
    nf = 0
    for k in range(na):
        i = order[k]
        a = attackers[i]
        if greedy:
            urgent = incoming >= ps[dfn, PS_LIVES]
            life = w[dfn, Weight.LIFE] * (5.0 if urgent else 1.0)
            d0, d1, second_of = _greedy_block(tab, val, cs, ps, dfn, a, used, fights, nf, life)
        else:
            d0, d1, second_of = _random_block(tab, cs, ps, rng, dfn, a, used, fights, nf)
        if d0 < 0 and second_of < 0:
            continue
        blocked[i] = 1
        incoming -= tab[att, a, Field.ATQ]
        if second_of >= 0:  # rule D-10: joins as the second attacker; no counterattack
            fights[second_of, F_A1] = a
            continue
        fights[nf, F_A0] = a
        fights[nf, F_A1] = -1
        fights[nf, F_D0] = d0
        fights[nf, F_D1] = d1
        for x in range(F_ATQ_A, F_ATQ_A + 4):
            fights[nf, x] = 0
        used |= np.int64(1) << np.int64(d0)
        if d1 >= 0:
            used |= np.int64(1) << np.int64(d1)
        nf += 1
    return nf


@njit(cache=True, inline="always")
def _is_free(tab: np.ndarray, cs: np.ndarray, side: int, card: int, used: np.int64) -> bool:
    return can_block(tab, cs, side, card) and not (used >> np.int64(card)) & np.int64(1)


@njit(cache=True)
def _second_slot_ok(tab: np.ndarray, fights: np.ndarray, f: int, dfn: int) -> bool:
    """A double blocker covering one normal attacker alone can take a second one (rule D-10)."""
    att = 1 - dfn
    return (fights[f, F_A1] < 0 and fights[f, F_D1] < 0
            and tab[dfn, fights[f, F_D0], Field.DOUBLE_BLOCK] == 1
            and tab[att, fights[f, F_A0], Field.DOUBLE_ATTACK] == 0)


@njit(cache=True)
def _greedy_block(tab: np.ndarray, val: np.ndarray, cs: np.ndarray, ps: np.ndarray, dfn: int, a: int,
                  used: np.int64, fights: np.ndarray, nf: int, life: float) -> tuple:
    """The block of attacker `a` with the best exchange plus life saved, if better than none."""
    att = 1 - dfn
    a_atq = tab[att, a, Field.ATQ]
    a_def = tab[att, a, Field.DEF]
    a_val = val[dfn, att, a]
    saved = life * a_atq
    best = 0.0
    best_d0 = -1
    best_d1 = -1
    best_second = -1
    n = ps[dfn, PS_N_CARDS]
    double_attack = tab[att, a, Field.DOUBLE_ATTACK] == 1
    for d in range(n):
        if not _is_free(tab, cs, dfn, d, used):
            continue
        if double_attack and tab[dfn, d, Field.DOUBLE_BLOCK] == 0:
            continue  # rule D-11: a single normal defender is not enough
        score = saved + (a_val if tab[dfn, d, Field.ATQ] >= a_def else 0.0)
        score -= val[dfn, dfn, d] if a_atq >= tab[dfn, d, Field.DEF] else 0.0
        if score > best:
            best, best_d0, best_d1, best_second = score, d, -1, -1
    if double_attack:
        for d0 in range(n):
            if not _is_free(tab, cs, dfn, d0, used):
                continue
            for d1 in range(d0 + 1, n):
                if not _is_free(tab, cs, dfn, d1, used):
                    continue
                counter = tab[dfn, d0, Field.ATQ] + tab[dfn, d1, Field.ATQ]
                score = saved + (a_val if counter >= a_def else 0.0)
                score -= val[dfn, dfn, d0] if a_atq >= tab[dfn, d0, Field.DEF] else 0.0
                score -= val[dfn, dfn, d1] if a_atq >= tab[dfn, d1, Field.DEF] else 0.0
                if score > best:
                    best, best_d0, best_d1, best_second = score, d0, d1, -1
    else:
        for f in range(nf):
            if not _second_slot_ok(tab, fights, f, dfn):
                continue
            d = fights[f, F_D0]
            first_atq = tab[att, fights[f, F_A0], Field.ATQ]
            d_def = tab[dfn, d, Field.DEF]
            newly_dies = first_atq < d_def <= first_atq + a_atq
            score = saved - (val[dfn, dfn, d] if newly_dies else 0.0)
            if score > best:
                best, best_d0, best_d1, best_second = score, -1, -1, f
    return best_d0, best_d1, best_second


@njit(cache=True)
def _random_block(tab: np.ndarray, cs: np.ndarray, ps: np.ndarray, rng: np.ndarray, dfn: int, a: int,
                  used: np.int64, fights: np.ndarray, nf: int) -> tuple:
    """Uniform over: no block, each legal single block, each legal pair, each open second slot."""
    att = 1 - dfn
    n = ps[dfn, PS_N_CARDS]
    double_attack = tab[att, a, Field.DOUBLE_ATTACK] == 1
    options = 1
    for pass_ in range(2):  # first count the options, then walk to the chosen one
        if pass_ == 1:
            pick = _roll_choice(rng, dfn, options)
            if pick == 0:
                return -1, -1, -1
            pick -= 1
        for d in range(n):
            if _is_free(tab, cs, dfn, d, used) and (not double_attack or tab[dfn, d, Field.DOUBLE_BLOCK] == 1):
                if pass_ == 0:
                    options += 1
                elif pick == 0:
                    return d, -1, -1
                else:
                    pick -= 1
        if double_attack:
            for d0 in range(n):
                if not _is_free(tab, cs, dfn, d0, used):
                    continue
                for d1 in range(d0 + 1, n):
                    if _is_free(tab, cs, dfn, d1, used):
                        if pass_ == 0:
                            options += 1
                        elif pick == 0:
                            return d0, d1, -1
                        else:
                            pick -= 1
        else:
            for f in range(nf):
                if _second_slot_ok(tab, fights, f, dfn):
                    if pass_ == 0:
                        options += 1
                    elif pick == 0:
                        return -1, -1, f
                    else:
                        pick -= 1
    return -1, -1, -1


@njit(cache=True)
def choose_die(tab: np.ndarray, val: np.ndarray, w: np.ndarray, cs: np.ndarray, ps: np.ndarray,
               rng: np.ndarray, p: int, att: int, fights: np.ndarray, nf: int) -> int:
    """Rule D-13: the dice card `p` uses now from its table, or -1 to pass."""
    n_dice = 0
    for c in range(ps[p, PS_N_CARDS]):
        if cs[p, c, CS_ZONE] == Zone.TABLE and tab[p, c, Field.KIND] == Kind.DICE:
            n_dice += 1
    if n_dice == 0:
        return -1
    if ps[p, PS_AGENT] != Agent.GREEDY:
        pick = _roll_choice(rng, p, n_dice + 1)  # n_dice means: pass
        for c in range(ps[p, PS_N_CARDS]):
            if cs[p, c, CS_ZONE] == Zone.TABLE and tab[p, c, Field.KIND] == Kind.DICE:
                if pick == 0:
                    return c
                pick -= 1
        return -1
    best = -1
    best_margin = 0.0
    for c in range(ps[p, PS_N_CARDS]):
        if cs[p, c, CS_ZONE] != Zone.TABLE or tab[p, c, Field.KIND] != Kind.DICE:
            continue
        die = tab[p, c, Field.DIE]
        expected = 0.0
        for roll in range(1, die + 1):
            expected += _best_fight_for(tab, val, fights, nf, att, p, tab[p, c, Field.BOOST], roll)[0]
        margin = expected / die - w[p, Weight.DICE_KEEP] * val[p, p, c]
        if margin > best_margin:
            best, best_margin = c, margin
    return best


@njit(cache=True)
def _best_fight_for(tab: np.ndarray, val: np.ndarray, fights: np.ndarray, nf: int, att: int, p: int,
                    boost: int, roll: int) -> tuple:
    """(gain, fight) of the fight where adding `roll` helps `p` most."""
    best_gain = 0.0
    best_f = 0
    for f in range(nf):
        gain = fight_score(tab, val, fights, f, att, p, p, boost, roll) - fight_score(tab, val, fights, f, att, p, p, boost, 0)
        if gain > best_gain:
            best_gain, best_f = gain, f
    return best_gain, best_f


@njit(cache=True)
def choose_fight(tab: np.ndarray, val: np.ndarray, ps: np.ndarray, rng: np.ndarray, p: int, att: int,
                 fights: np.ndarray, nf: int, boost: int, roll: int) -> int:
    """Rule D-13: the fight a rolled result is assigned to."""
    if ps[p, PS_AGENT] != Agent.GREEDY:
        return _roll_choice(rng, p, nf)
    return _best_fight_for(tab, val, fights, nf, att, p, boost, roll)[1]


@njit(cache=True)
def choose_discard(val: np.ndarray, cs: np.ndarray, ps: np.ndarray, rng: np.ndarray, p: int) -> int:
    """Hand limit (decision, rules.md): the card to discard: the least valued, or uniform."""
    n_hand = 0
    worst = -1
    for c in range(ps[p, PS_N_CARDS]):
        if cs[p, c, CS_ZONE] == Zone.HAND:
            n_hand += 1
            if worst < 0 or val[p, p, c] < val[p, p, worst]:
                worst = c
    if ps[p, PS_AGENT] == Agent.GREEDY or n_hand == 0:
        return worst
    pick = _roll_choice(rng, p, n_hand)
    for c in range(ps[p, PS_N_CARDS]):
        if cs[p, c, CS_ZONE] == Zone.HAND:
            if pick == 0:
                return c
            pick -= 1
    return worst
