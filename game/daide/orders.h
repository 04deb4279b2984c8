// Orders, units and turns between DAIDE tokens and the engine's values:
// the orders of a SUB read (with the THX note that accepts or rejects
// each), and the orders of the results written for ORD; the turn of a
// phase (SPR, SUM, FAL, AUT, WIN and the year).
//
// The engine's orders DAIDE has no token for are reached through the ones
// it has: a move along a railroad is an MTO to a station the unit does not
// border (accepted when the engine's railroad rule allows the journey,
// reported as MTO); a fleet's passage through a canal is an MTO between
// the canal's seas, and when the mover's own power holds the canal's
// province the server hands in its permission with it (a DAIDE client
// cannot write one); permissions given by other powers are not reported.
// A CTO's VIA list is not checked against the fleets named: the engine
// finds the convoy route from the fleets' orders.
#pragma once

#include <cstddef>

#include "adjudicator.h"
#include "position.h"
#include "representation.h"

namespace colonial::daide {

// One order of a SUB as read for the client's power.
struct ReadOrder {
  Order order;
  Token note = tok::MBV;  // MBV: accepted; any other note rejects it
};

// Reads the tokens of one order (inside its brackets) for `power` in the
// phase of `pos`. False for a syntax error, with the index in `tokens` of
// the first token that does not fit in `error_at`.
bool read_order(const Representation& rep, const Position& pos, PowerId power, const Tokens& tokens, ReadOrder& out,
                std::size_t& error_at);

// The THX note for an order the engine judges void for `reason`.
Token note_for(const Order& order, VoidReason reason);

// An order as ORD reports it: ( unit ) HLD, ( unit ) MTO place, ...,
// POWER WVE (without the brackets around it); `results` are the phase's,
// for the fleets that carried a convoyed army (its VIA list). False for an
// order DAIDE does not report (a canal permission).
bool put_order(const Representation& rep, const Position& before, const PhaseResults& results, const Order& order,
               Builder& b);
// The result tokens of an order: SUC, BNC, CUT, DSR, NSO, and RET after
// any of them for a unit dislodged.
void put_result(const OrderResult& result, Builder& b);

// The phase as DAIDE names it: SPR, SUM, FAL, AUT or WIN. The 1995
// calendar's turns are SPR when their colonies are not counted and FAL
// when they are (so that a client sees the counting turn as its fall).
Token season_token(const Phase& phase, int start_year);
// ( SEASON YEAR )
void put_turn(Builder& b, const Phase& phase, int start_year);

}  // namespace colonial::daide
