import GrammarEngine
import Testing
