//! Where an A2A agent's calls go and in which version, and the one move
//! after a -32009 (VERSION_NOT_SUPPORTED): when the agent's card offered both
//! versions and left the choice open, the client moves to the other one for
//! every later call, and the call that met the -32009 is sent again there.
//! Calls in flight at once each meet the -32009 of the version they were
//! sent in: each is sent again on the route as it now is. The resend is a
//! retry like any other, counted against `maxRetries` (see
//! [`super::retry::RetryLoop::resend`]).

use super::card::ProtocolVersion;

/// One client's route: the endpoint (`E`) and version calls go to now, and
/// the other version a -32009 moves to, while the choice is open.
#[derive(Clone, Debug, PartialEq)]
pub struct Route<E> {
    current: (E, ProtocolVersion),
    other: Option<(E, ProtocolVersion)>,
    /// How many times the route has moved (0 or 1): what an attempt
    /// remembers of the route it was sent on (see [`Route::ticket`]).
    moves: u32,
}

impl<E> Route<E> {
    /// Calls go to `endpoint` in `version`; `other`: the card's other version, when it left the choice open.
    pub fn new(endpoint: E, version: ProtocolVersion, other: Option<(E, ProtocolVersion)>) -> Route<E> {
        Route { current: (endpoint, version), other, moves: 0 }
    }

    /// The endpoint calls go to now.
    pub fn endpoint(&self) -> &E {
        &self.current.0
    }

    /// The version spoken there.
    pub fn version(&self) -> ProtocolVersion {
        self.current.1
    }

    /// What an attempt remembers of the route it is sent on, for [`Route::refused`].
    pub fn ticket(&self) -> u32 {
        self.moves
    }

    /// The agent refused (-32009) the version of an attempt sent on `ticket`:
    /// moves to the other version when the choice is still open. True when
    /// the call is to be sent again (on the route as it now is): it moved
    /// here, or another call moved it since the attempt went out.
    pub fn refused(&mut self, ticket: u32) -> bool {
        match self.other.take() {
            Some(other) => {
                self.current = other;
                self.moves += 1;
                true
            }
            None => ticket != self.moves,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_moves_once_and_every_call_sent_before_follows() {
        let mut route = Route::new("v1", ProtocolVersion::V1_0, Some(("v03", ProtocolVersion::V0_3)));
        let (first, second) = (route.ticket(), route.ticket());
        assert!(route.refused(first), "the choice was open: moved, sent again");
        assert_eq!((*route.endpoint(), route.version()), ("v03", ProtocolVersion::V0_3));
        assert!(route.refused(second), "sent before the move: sent again on the new route");
        let later = route.ticket();
        assert!(!route.refused(later), "refused on the route it moved to: nothing left to try");
        assert_eq!((*route.endpoint(), route.version()), ("v03", ProtocolVersion::V0_3), "never moves back");
    }

    #[test]
    fn without_a_choice_left_open_a_refusal_is_final() {
        let mut route = Route::new("v1", ProtocolVersion::V1_0, None);
        assert!(!route.refused(route.ticket()));
        assert_eq!(route.version(), ProtocolVersion::V1_0);
    }
}
